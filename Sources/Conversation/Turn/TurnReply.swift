import JiriAPI

/// An answered turn: the response and its JSON body, encoded once for the
/// client, the transcript and the idempotency record alike.
public struct TurnReply: Sendable {
    public var response: TurnResponse
    public var body: String

    public init(response: TurnResponse, body: String) {
        self.response = response
        self.body = body
    }
}
