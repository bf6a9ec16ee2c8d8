/// A turn that could not be answered, and why, in terms a client can act on.
public struct TurnError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// Another turn of the session held the lease for too long.
        case sessionBusy
        /// The session belongs to another principal (reported as not found).
        case sessionNotFound
        /// The idempotency key was used before with a different body.
        case idempotencyConflict
        /// The request is well-formed JSON but not a valid turn.
        case invalidRequest
        /// Postgres could not commit; nothing was written.
        case storeUnavailable
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind): \(message)" }
}
