import Foundation

/// `GET /session/{id}/history`: the transcript, oldest first, one page.
public struct SessionHistory: Sendable, Hashable, Codable {
    public var sessionID: String
    /// ISO-8601 with fractional seconds.
    public var createdAt: String
    public var messages: [Message]
    /// Whether older messages exist before this page.
    public var hasMore: Bool
    /// Pass as `before` to read the previous (older) page; `nil` on the first message.
    public var nextBefore: String?

    public init(sessionID: String, createdAt: String, messages: [Message], hasMore: Bool, nextBefore: String?) {
        self.sessionID = sessionID
        self.createdAt = createdAt
        self.messages = messages
        self.hasMore = hasMore
        self.nextBefore = nextBefore
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case createdAt = "created_at"
        case messages
        case hasMore = "has_more"
        case nextBefore = "next_before"
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(messages, forKey: .messages)
        try container.encode(hasMore, forKey: .hasMore)
        try container.encode(nextBefore, forKey: .nextBefore)
    }

    public struct Message: Sendable, Hashable, Codable {
        /// `user` or `assistant`.
        public var role: String
        public var content: String
        /// ISO-8601 with fractional seconds.
        public var timestamp: String

        public init(role: String, content: String, timestamp: String) {
            self.role = role
            self.content = content
            self.timestamp = timestamp
        }
    }
}
