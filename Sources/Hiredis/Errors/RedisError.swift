/// A failure talking to Redis: a server error reply, or a connection, timeout or pool problem.
public struct RedisError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A socket error (connection refused, reset, host unreachable, …).
        case io
        /// No reply (or no connection) within the configured timeout.
        case timeout
        /// The server closed the connection.
        case eof
        /// The bytes received are not valid RESP.
        case protocolError
        /// The server answered with an error reply; see ``RedisError/code``.
        case server
        /// No pooled connection became free within the pool's acquire timeout.
        case acquireTimeout
        /// The pool was closed.
        case poolClosed
        /// The URL or configuration cannot be used.
        case invalidConfiguration
    }

    public var kind: Kind
    /// The error prefix of a server reply, e.g. `WRONGTYPE`, `NOSCRIPT`, `ERR`; `nil` for other kinds.
    public var code: String?
    /// For server errors the full error reply; otherwise a description of what failed.
    public var message: String

    public init(kind: Kind, code: String? = nil, message: String) {
        self.kind = kind
        self.code = code
        self.message = message
    }

    /// A server error reply, with its code taken from the reply's first word when it is an upper-case prefix.
    public init(serverReply message: String) {
        self.init(kind: .server, code: Self.code(ofServerReply: message), message: message)
    }

    /// Whether the connection that raised this error is unusable. Such connections are discarded, never reused.
    public var isConnectionFailure: Bool {
        switch self.kind {
        case .io, .timeout, .eof, .protocolError:
            return true
        case .server, .acquireTimeout, .poolClosed, .invalidConfiguration:
            return false
        }
    }

    public var description: String {
        switch self.kind {
        case .server:
            return "Redis server error: \(self.message)"
        case .io:
            return "Redis I/O error: \(self.message)"
        case .timeout:
            return "Redis timeout: \(self.message)"
        case .eof:
            return "Redis connection closed: \(self.message)"
        case .protocolError:
            return "Redis protocol error: \(self.message)"
        case .acquireTimeout:
            return "Redis pool acquire timeout: \(self.message)"
        case .poolClosed:
            return "Redis pool closed: \(self.message)"
        case .invalidConfiguration:
            return "Invalid Redis configuration: \(self.message)"
        }
    }

    /// Redis prefixes error replies with an upper-case word (`ERR`, `WRONGTYPE`, `NOSCRIPT`, `MOVED`, …).
    private static func code(ofServerReply message: String) -> String? {
        let prefix = message.prefix { $0 != " " }
        guard let first = prefix.first, first.isASCII, first.isUppercase,
            prefix.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") })
        else { return nil }
        return String(prefix)
    }
}
