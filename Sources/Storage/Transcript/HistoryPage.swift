import Foundation

/// One page of a session's transcript, oldest first.
public struct HistoryPage: Sendable, Hashable {
    public var sessionID: String
    public var owner: String
    public var createdAt: Date
    public var messages: [Message]
    /// Whether older messages exist before the first one of this page.
    public var hasMore: Bool

    public struct Message: Sendable, Hashable {
        public var seq: Int
        public var role: String
        public var content: String
        public var createdAt: Date
    }
}
