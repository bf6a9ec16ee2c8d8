import Foundation

/// The body of `POST /turn`, as the original Jiri clients send it, plus
/// Jiri's optional additions. Unknown fields are ignored; absent fields take
/// the original defaults.
public struct TurnRequest: Sendable, Hashable, Codable {
    /// `nil` or empty starts a new session; an unknown id starts a session under that id.
    public var sessionID: String?
    public var userText: String
    public var userID: String?
    /// `shortcut` (default), `app_intent`, `ios_app`, ...
    public var client: String
    public var meta: TurnMeta
    /// Idempotency key (the `Idempotency-Key` header means the same).
    public var turnID: String?

    public init(
        sessionID: String? = nil,
        userText: String,
        userID: String? = nil,
        client: String = TurnRequest.defaultClient,
        meta: TurnMeta = TurnMeta(),
        turnID: String? = nil
    ) {
        self.sessionID = sessionID
        self.userText = userText
        self.userID = userID
        self.client = client
        self.meta = meta
        self.turnID = turnID
    }

    public static let defaultClient = "shortcut"

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case userText = "user_text"
        case userID = "user_id"
        case client
        case meta
        case turnID = "turn_id"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
        userText = try container.decode(String.self, forKey: .userText)
        userID = try container.decodeIfPresent(String.self, forKey: .userID)
        client = try container.decodeIfPresent(String.self, forKey: .client) ?? Self.defaultClient
        meta = try container.decodeIfPresent(TurnMeta.self, forKey: .meta) ?? TurnMeta()
        turnID = try container.decodeIfPresent(String.self, forKey: .turnID)
    }
}
