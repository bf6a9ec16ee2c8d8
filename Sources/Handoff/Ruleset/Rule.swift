/// One rule of a ruleset, as written in the file.
public struct Rule: Sendable, Hashable, Identifiable {
    public var id: String
    public var description: String
    public var stage: RuleStage
    public var mode: RuleMode
    public var rollout: Rollout?
    public var condition: Condition
    /// Trigger rules: whether a match hands off (`false` keeps the turn on voice). Vetoes are
    /// always `false`; delivery rules `true`.
    public var handoff: Bool
    /// Delivery rules only: how the handoff happens.
    public var delivery: DeliveryMode?
    /// The name of a `deep_links` template.
    public var deepLink: String?
    /// Spoken after the reply when this rule shapes the outcome.
    public var say: String?
    public var reason: String?
    /// Where the rule starts in its file (1-based).
    public var line: Int

    public init(
        id: String, description: String, stage: RuleStage, mode: RuleMode = .enforce, rollout: Rollout? = nil,
        condition: Condition = .always, handoff: Bool? = nil, delivery: DeliveryMode? = nil,
        deepLink: String? = nil, say: String? = nil, reason: String? = nil, line: Int = 0
    ) {
        self.id = id
        self.description = description
        self.stage = stage
        self.mode = mode
        self.rollout = rollout
        self.condition = condition
        self.handoff = handoff ?? (stage != .veto)
        self.delivery = delivery
        self.deepLink = deepLink
        self.say = say
        self.reason = reason
        self.line = line
    }

    /// Matches every turn for every rollout key: nothing after it in its stage can win.
    public var isCatchAll: Bool {
        condition == .always && mode == .enforce && (rollout?.percent ?? 100) >= 100
    }
}

/// The three stages, in evaluation order.
public enum RuleStage: String, Sendable, Hashable, Codable, CaseIterable {
    case veto
    case trigger
    case delivery
}

public enum RuleMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Decides.
    case enforce
    /// Evaluated and reported, never decides.
    case shadow
}

/// How a handoff reaches the user.
public enum DeliveryMode: String, Sendable, Hashable, Codable, CaseIterable {
    case openNow = "open_now"
    case afterUnlock = "after_unlock"
    case sendToPhone = "send_to_phone"
}

/// A sticky percentage rollout: a key is inside when a stable hash of the rule id and the
/// key falls in the first `percent` of the buckets, so each key keeps its answer and raising
/// the percentage only adds keys.
public struct Rollout: Sendable, Hashable {
    public enum Dimension: String, Sendable, Hashable, Codable, CaseIterable {
        case session
        case principal
    }

    /// 0 to 100, with up to two decimals honoured.
    public var percent: Double
    public var by: Dimension

    public init(percent: Double, by: Dimension = .session) {
        self.percent = percent
        self.by = by
    }
}
