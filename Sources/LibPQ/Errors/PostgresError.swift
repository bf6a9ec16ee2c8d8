/// An error from the Postgres client: a server error (with its SQLSTATE), a lost or
/// refused connection, a pool that could not lend a connection, a value that could
/// not be decoded, or a bad configuration.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The server answered with an error; `sqlState` says which.
        case server
        /// The connection could not be opened, or was lost.
        case connection
        /// No pooled connection became free within the pool's acquire timeout.
        case acquireTimeout
        /// The pool was closed.
        case poolClosed
        /// A value could not be decoded into the requested Swift type.
        case decoding
        /// The configuration (usually the URL) is not valid.
        case invalidConfiguration
    }

    public var kind: Kind
    /// The five-character SQLSTATE, e.g. "23505" for a unique violation.
    public var sqlState: String?
    /// The primary message.
    public var message: String
    /// The server's detail line. Not part of `description`, because it can quote
    /// row values (for example the duplicate key).
    public var detail: String?
    /// The server's hint line, when it sent one.
    public var hint: String?

    public init(kind: Kind, message: String, sqlState: String? = nil, detail: String? = nil, hint: String? = nil) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
    }

    /// True when the connection was lost or refused, or the server is shutting
    /// down or starting up: retrying later, on another connection, may succeed.
    public var isConnectionFailure: Bool {
        switch kind {
        case .connection:
            return true
        case .server:
            guard let sqlState else { return false }
            // Class 08 is "connection exception"; 57P01-57P03 are admin shutdown,
            // crash shutdown and "cannot connect now" (the server is starting).
            return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
        case .acquireTimeout, .poolClosed, .decoding, .invalidConfiguration:
            return false
        }
    }

    /// True for SQLSTATE 23505, a unique or primary-key violation.
    public var isUniqueViolation: Bool {
        kind == .server && sqlState == "23505"
    }

    public var description: String {
        switch kind {
        case .server:
            return "Postgres error \(sqlState ?? "?????"): \(message)"
        case .connection:
            return "Postgres connection error: \(message)"
        case .acquireTimeout:
            return "Postgres pool acquire timeout: \(message)"
        case .poolClosed:
            return "Postgres pool closed: \(message)"
        case .decoding:
            return "Postgres decoding error: \(message)"
        case .invalidConfiguration:
            return "Invalid Postgres configuration: \(message)"
        }
    }
}

extension PostgresError {
    static func decoding(_ message: String) -> PostgresError {
        PostgresError(kind: .decoding, message: message)
    }

    static let poolClosed = PostgresError(kind: .poolClosed, message: "the pool no longer lends connections")

    static let connectionClosed = PostgresError(kind: .connection, message: "the connection is closed")
}
