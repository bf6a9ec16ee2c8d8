/// An answered turn: its JSON body, encoded once for the client, the transcript and the
/// idempotency record alike, and what `/metrics` counts of it.
public struct TurnReply: Sendable {
    public var body: String
    public var outcome: TurnOutcome

    public init(body: String, outcome: TurnOutcome) {
        self.body = body
        self.outcome = outcome
    }
}
