import Foundation

/// Where and how to connect, usually from a URL:
/// `postgres://user:password@host:port/database?sslmode=require&connect_timeout=5&application_name=jiri&statement_timeout=5000`;
/// on one machine, `postgres://user@/database?host=/run/postgresql` connects through the Unix socket in that directory.
public struct PostgresConfiguration: Sendable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// libpq's sslmode: disable, allow, prefer (the default), require, verify-ca or verify-full.
    public var sslMode: String
    /// Seconds to wait for a connection to open; libpq treats values under 2 as 2.
    public var connectTimeout: Int
    public var applicationName: String
    /// Applied to every connection as the session's `statement_timeout`; `nil` keeps the server's.
    public var statementTimeout: Duration?
    /// Extra TLS files for verify-ca / verify-full (libpq's sslrootcert, sslcert, sslkey).
    public var sslRootCertificate: String?
    public var sslCertificate: String?
    public var sslKey: String?
    /// How many prepared statements (`PostgresQuery.prepared()`) each connection keeps
    /// on the server; beyond it the least recently used one is deallocated. 0 runs
    /// prepared queries unprepared.
    public var preparedStatementLimit = 64

    public static let sslModes: Set<String> = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    public init(
        host: String,
        port: Int = 5432,
        user: String,
        password: String? = nil,
        database: String,
        sslMode: String = "prefer",
        connectTimeout: Int = 5,
        applicationName: String = "jiri",
        statementTimeout: Duration? = nil
    ) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
        self.statementTimeout = statementTimeout
    }

    /// Parses a `postgres://` or `postgresql://` URL. User, password and database
    /// may be percent-encoded. The host defaults to localhost, the port to 5432,
    /// the user to `postgres` and the database to the user.
    public init(url: String) throws {
        guard let components = URLComponents(string: url) else {
            throw Self.invalid("not a valid URL")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql" else {
            throw Self.invalid("the URL scheme must be postgres:// or postgresql://")
        }
        var host = components.host ?? ""
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        let user = components.percentEncodedUser.flatMap { $0.removingPercentEncoding } ?? ""
        let password = components.percentEncodedPassword.flatMap { $0.removingPercentEncoding }
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        if let port = components.port, !(1...65_535).contains(port) {
            throw Self.invalid("port \(port) is out of range")
        }
        guard !database.contains("/") else {
            throw Self.invalid("the database name must not contain '/'")
        }

        self.init(
            host: host.isEmpty ? "localhost" : host,
            port: components.port ?? 5432,
            user: user.isEmpty ? "postgres" : user,
            password: password,
            database: database.isEmpty ? (user.isEmpty ? "postgres" : user) : database
        )

        for item in components.queryItems ?? [] {
            try apply(parameter: item.name, value: item.value ?? "")
        }
    }

    private mutating func apply(parameter name: String, value: String) throws {
        switch name {
        case "sslmode":
            guard Self.sslModes.contains(value) else {
                throw Self.invalid("sslmode '\(value)' is not one of \(Self.sslModes.sorted().joined(separator: ", "))")
            }
            sslMode = value
        case "connect_timeout":
            guard let seconds = Int(value), seconds >= 0 else {
                throw Self.invalid("connect_timeout must be a whole number of seconds")
            }
            connectTimeout = seconds
        case "application_name":
            applicationName = value
        case "statement_timeout":
            guard let milliseconds = Int(value), milliseconds >= 0 else {
                throw Self.invalid("statement_timeout must be a whole number of milliseconds")
            }
            statementTimeout = milliseconds == 0 ? nil : .milliseconds(milliseconds)
        case "host":
            // libpq's own spelling for a Unix socket: `postgres://user@/db?host=/run/postgresql`
            // (a directory; the socket in it is named for the port).
            guard value.hasPrefix("/") else {
                throw Self.invalid("the host parameter takes a Unix socket directory (an absolute path); put a host name in the URL's authority")
            }
            host = value
        case "sslrootcert":
            sslRootCertificate = value
        case "sslcert":
            sslCertificate = value
        case "sslkey":
            sslKey = value
        default:
            throw Self.invalid("unknown URL parameter '\(name)'")
        }
    }

    private static func invalid(_ message: String) -> PostgresError {
        PostgresError(kind: .invalidConfiguration, message: message)
    }

    /// The URL without the password, for logs.
    public var description: String {
        var text = "postgres://\(user)\(password == nil ? "" : ":***")@"
        if host.hasPrefix("/") {
            text += ":\(port)/\(database)?host=\(host)&sslmode=\(sslMode)"
        } else {
            text += host.contains(":") ? "[\(host)]" : host
            text += ":\(port)/\(database)?sslmode=\(sslMode)"
        }
        if let statementTimeout {
            text += "&statement_timeout=\(Self.milliseconds(statementTimeout))"
        }
        return text
    }

    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
