import Foundation

/// A session as the stores keep it. The dialogue state is opaque JSON owned by
/// the turn pipeline; the stores only move it around.
public struct SessionRecord: Sendable, Hashable, Codable {
    public var id: String
    public var owner: String
    public var client: String
    public var createdAt: Date
    public var turnCount: Int
    public var stateJSON: String

    public init(id: String, owner: String, client: String, createdAt: Date, turnCount: Int, stateJSON: String) {
        self.id = id
        self.owner = owner
        self.client = client
        self.createdAt = createdAt
        self.turnCount = turnCount
        self.stateJSON = stateJSON
    }
}
