/// One stored turn as replay sees it: the facts the rules saw, the key its rollouts hashed, and
/// the decision that was stored with it.
public struct ReplayTurn: Sendable {
    public var turnID: String
    /// The live pipeline hashes rollouts by the session, so replay does too.
    public var sessionID: String
    /// The stored `HandoffFacts` JSON, decoded by the replay worker (see `FactsJSONDecoder`).
    public var factsJSON: String
    public var stored: StoredHandoff

    public init(turnID: String, sessionID: String, factsJSON: String, stored: StoredHandoff) {
        self.turnID = turnID
        self.sessionID = sessionID
        self.factsJSON = factsJSON
        self.stored = stored
    }
}

/// The decision stored with a turn: whether it handed off, the deciding rule, and the revision
/// that decided.
public struct StoredHandoff: Sendable, Hashable {
    public var handoff: Bool
    public var rule: String?
    public var revision: String?

    public init(handoff: Bool, rule: String?, revision: String?) {
        self.handoff = handoff
        self.rule = rule
        self.revision = revision
    }
}
