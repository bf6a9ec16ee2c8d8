/// Operator-tunable limits of the turn pipeline.
public struct TurnConfiguration: Sendable {
    /// How long a live session stays in Redis after its last turn.
    public var sessionTTL: Duration = .seconds(3600)
    /// How long a second turn of a busy session waits before `409 session_busy`.
    public var leaseWait: Duration = .seconds(2)
    /// How long an explicit idempotency key (`turn_id`) is remembered in Redis
    /// (Postgres remembers it for good).
    public var idempotencyTTL: Duration = .seconds(24 * 3600)
    /// A request repeated with the same body and no key within this window is
    /// treated as a client retry (the shipped iOS client retries after 1, 2, 4 s).
    public var retryWindow: Duration = .seconds(30)
    /// Unanswered re-prompts before Jiri gives up on a question.
    public var maxReprompts = 2

    public init() {}
}
