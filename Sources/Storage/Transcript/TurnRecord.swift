import Foundation

/// Everything one answered turn writes durably, committed together.
public struct TurnRecord: Sendable {
    public var turnID: String
    public var session: SessionRecord
    public var idempotencyKey: String?
    public var requestHash: [UInt8]
    public var requestJSON: String
    public var responseJSON: String
    public var userText: String
    public var userAt: Date
    public var replyText: String
    public var replyAt: Date
    public var intentID: String?
    public var intentStatus: String?
    public var decision: HandoffRecord
    public var latencyMs: Int

    public init(
        turnID: String, session: SessionRecord, idempotencyKey: String?, requestHash: [UInt8],
        requestJSON: String, responseJSON: String, userText: String, userAt: Date,
        replyText: String, replyAt: Date, intentID: String?, intentStatus: String?,
        decision: HandoffRecord, latencyMs: Int
    ) {
        self.turnID = turnID
        self.session = session
        self.idempotencyKey = idempotencyKey
        self.requestHash = requestHash
        self.requestJSON = requestJSON
        self.responseJSON = responseJSON
        self.userText = userText
        self.userAt = userAt
        self.replyText = replyText
        self.replyAt = replyAt
        self.intentID = intentID
        self.intentStatus = intentStatus
        self.decision = decision
        self.latencyMs = latencyMs
    }
}

/// The handoff decision of a turn, as stored for audit and replay.
public struct HandoffRecord: Sendable, Hashable {
    public var handoff: Bool
    public var rule: String?
    public var stage: String?
    public var reason: String?
    public var mode: String?
    public var rulesetRevision: String?
    public var factsJSON: String?
    /// The first rule of each stage that matched (the deciding rule is one of them).
    public var vetoRule: String?
    public var triggerRule: String?
    public var deliveryRule: String?
    /// Rules in shadow mode that would have matched.
    public var shadowRules: [String]

    public init(
        handoff: Bool, rule: String? = nil, stage: String? = nil, reason: String? = nil, mode: String? = nil,
        rulesetRevision: String? = nil, factsJSON: String? = nil,
        vetoRule: String? = nil, triggerRule: String? = nil, deliveryRule: String? = nil, shadowRules: [String] = []
    ) {
        self.handoff = handoff
        self.rule = rule
        self.stage = stage
        self.reason = reason
        self.mode = mode
        self.rulesetRevision = rulesetRevision
        self.factsJSON = factsJSON
        self.vetoRule = vetoRule
        self.triggerRule = triggerRule
        self.deliveryRule = deliveryRule
        self.shadowRules = shadowRules
    }
}

/// A turn already answered under an idempotency key.
public struct StoredTurn: Sendable, Hashable {
    public var requestHash: [UInt8]
    public var responseJSON: String
    /// How many turns the session had once this one was answered; nil where not recorded.
    public var sessionTurnCount: Int?

    public init(requestHash: [UInt8], responseJSON: String, sessionTurnCount: Int? = nil) {
        self.requestHash = requestHash
        self.responseJSON = responseJSON
        self.sessionTurnCount = sessionTurnCount
    }
}
