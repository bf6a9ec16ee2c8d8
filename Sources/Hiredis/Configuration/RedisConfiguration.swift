import Foundation

/// Where and how to connect to Redis.
///
/// From a URL: `redis://[[user]:password@]host[:port][/db]?connect_timeout=<ms>&command_timeout=<ms>`,
/// or for a Unix socket `unix://[[user]:password@]/path/to/redis.sock?db=<n>` (the same parameters).
/// User and password are percent-decoded; `db` may also be given as a query parameter.
/// The command timeout bounds each socket read and write, so a command whose reply never comes
/// fails with ``RedisError/Kind/timeout`` instead of hanging.
public struct RedisConfiguration: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    /// A Unix socket to connect to instead of `host` and `port` (Redis' `unixsocket`): on one
    /// machine it costs both sides less per round trip than loopback TCP.
    public var socketPath: String?
    public var database: Int
    /// The ACL user (Redis 6+). `nil` authenticates as the default user when a password is set.
    public var username: String?
    public var password: String?
    public var connectTimeout: Duration
    public var commandTimeout: Duration

    public static let defaultPort = 6379
    public static let defaultTimeout: Duration = .seconds(2)

    public init(
        host: String = "127.0.0.1",
        port: Int = RedisConfiguration.defaultPort,
        database: Int = 0,
        username: String? = nil,
        password: String? = nil,
        connectTimeout: Duration = RedisConfiguration.defaultTimeout,
        commandTimeout: Duration = RedisConfiguration.defaultTimeout
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.username = username
        self.password = password
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
    }

    /// Parses a `redis://` URL. Errors never echo the URL, which may carry a password.
    public init(url: String) throws {
        guard let components = URLComponents(string: url) else {
            throw Self.invalid("the Redis URL is not a valid URL")
        }
        let isSocket: Bool
        switch components.scheme?.lowercased() {
        case "redis":
            isSocket = false
        case "unix":
            isSocket = true
        case "rediss":
            throw Self.invalid("rediss:// (TLS) is not supported by the hiredis client; use redis://")
        default:
            throw Self.invalid("the Redis URL must start with redis:// (or unix:// for a socket)")
        }
        self.init()

        if isSocket {
            guard components.path.hasPrefix("/"), components.path.count > 1 else {
                throw Self.invalid("a unix:// Redis URL needs the socket's absolute path: unix:///run/redis/redis.sock")
            }
            self.socketPath = components.path
        } else if let host = components.host, !host.isEmpty {
            self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        }
        if let port = components.port {
            self.port = port
        }
        self.username = components.user.flatMap { $0.isEmpty ? nil : $0 }
        self.password = components.password.flatMap { $0.isEmpty ? nil : $0 }

        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        if !isSocket, !path.isEmpty {
            self.database = try Self.database(from: path)
        }
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "connect_timeout":
                self.connectTimeout = try Self.milliseconds(value, parameter: item.name)
            case "command_timeout":
                self.commandTimeout = try Self.milliseconds(value, parameter: item.name)
            case "db":
                self.database = try Self.database(from: value)
            default:
                throw Self.invalid("unknown Redis URL parameter '\(item.name)'")
            }
        }
        try self.validate()
    }

    /// Checks what hiredis would otherwise misread (a zero timeout means "wait forever" to a socket).
    public func validate() throws {
        if let socketPath = self.socketPath {
            guard socketPath.hasPrefix("/") else { throw Self.invalid("the Redis socket path must be absolute") }
        }
        guard !self.host.isEmpty else { throw Self.invalid("the Redis host is empty") }
        guard (1...65535).contains(self.port) else { throw Self.invalid("the Redis port \(self.port) is out of range") }
        guard self.database >= 0 else { throw Self.invalid("the Redis database must not be negative") }
        guard self.connectTimeout > .zero else { throw Self.invalid("the Redis connect timeout must be positive") }
        guard self.commandTimeout > .zero else { throw Self.invalid("the Redis command timeout must be positive") }
        if self.username != nil && self.password == nil {
            throw Self.invalid("a Redis username needs a password")
        }
    }

    /// The URL with the password masked, safe for logs.
    public var description: String {
        var userInfo = ""
        if self.username != nil || self.password != nil {
            userInfo = "\(self.username ?? ""):\(self.password == nil ? "" : "***")@"
        }
        if let socketPath {
            return "unix://\(userInfo)\(socketPath)?db=\(self.database)"
        }
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "redis://\(userInfo)\(host):\(self.port)/\(self.database)"
    }

    private static func database(from text: String) throws -> Int {
        guard let database = Int(text), database >= 0 else {
            throw invalid("the Redis database '\(text)' is not a non-negative integer")
        }
        return database
    }

    private static func milliseconds(_ text: String, parameter: String) throws -> Duration {
        guard let milliseconds = Int(text), milliseconds > 0 else {
            throw invalid("the Redis URL parameter \(parameter) must be a positive number of milliseconds")
        }
        return .milliseconds(milliseconds)
    }

    private static func invalid(_ message: String) -> RedisError {
        RedisError(kind: .invalidConfiguration, message: message)
    }
}
