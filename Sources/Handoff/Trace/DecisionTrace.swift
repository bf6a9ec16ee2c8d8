/// How a decision was reached: every rule of every stage, whether it matched, and each
/// condition's fact value and result. Self-contained (it carries the facts and rollout
/// keys), so a trace can be read without the ruleset. Turns store the facts and the
/// revision rather than the trace, which those two rebuild exactly.
public struct DecisionTrace: Sendable, Codable, Hashable {
    public var facts: HandoffFacts
    public var rollout: RolloutKeys
    /// The utterance's words as `has_phrase` sees them (lower case, punctuation removed).
    public var words: [String]
    /// Veto, trigger and delivery, in evaluation order.
    public var stages: [StageTrace]

    public init(facts: HandoffFacts, rollout: RolloutKeys, words: [String], stages: [StageTrace]) {
        self.facts = facts
        self.rollout = rollout
        self.words = words
        self.stages = stages
    }

    public func stage(_ stage: RuleStage) -> StageTrace? {
        stages.first { $0.stage == stage }
    }

    /// The trace of one rule, in whichever stage it is.
    public func rule(_ id: String) -> RuleTrace? {
        stages.lazy.flatMap(\.rules).first { $0.id == id }
    }
}

public struct StageTrace: Sendable, Codable, Hashable {
    public var stage: RuleStage
    /// Whether the decision consulted this stage (delivery only runs when handing off).
    public var consulted: Bool
    /// The enforce rule that won the stage.
    public var winner: String?
    public var rules: [RuleTrace]

    public init(stage: RuleStage, consulted: Bool, winner: String?, rules: [RuleTrace]) {
        self.stage = stage
        self.consulted = consulted
        self.winner = winner
        self.rules = rules
    }
}

public struct RuleTrace: Sendable, Codable, Hashable {
    public var id: String
    public var mode: RuleMode
    public var line: Int
    /// The condition's result.
    public var matched: Bool
    /// Whether the rollout key is inside the rule's rollout (true without a rollout).
    public var inRollout: Bool
    /// The stage was consulted and no earlier enforce rule had already won it.
    public var reached: Bool
    /// This rule won its stage.
    public var won: Bool
    /// A shadow rule that would have won its stage.
    public var shadowMatch: Bool
    public var condition: ConditionTrace

    public init(id: String, mode: RuleMode, line: Int, matched: Bool, inRollout: Bool, reached: Bool,
                won: Bool, shadowMatch: Bool, condition: ConditionTrace) {
        self.id = id
        self.mode = mode
        self.line = line
        self.matched = matched
        self.inRollout = inRollout
        self.reached = reached
        self.won = won
        self.shadowMatch = shadowMatch
        self.condition = condition
    }
}

/// One node of a condition with its result; for a test, the fact's value.
public struct ConditionTrace: Sendable, Codable, Hashable {
    public enum Kind: String, Sendable, Codable, Hashable {
        case always, all, any, not, test
    }

    public var kind: Kind
    public var result: Bool
    /// Tests only.
    public var fact: String?
    /// Tests only: `eq`, `in`, `has_phrase`, …
    public var op: String?
    /// Tests only: the operand as written (`[homepod, watch]`, `$phrases.visual`).
    public var expected: String?
    /// Tests only: the fact's value in this turn.
    public var actual: FactValue?
    /// `has_phrase` only: the phrase found.
    public var matchedPhrase: String?
    /// `all`, `any` and `not`: every child, each evaluated (no short-circuit).
    public var children: [ConditionTrace]

    public init(kind: Kind, result: Bool, fact: String? = nil, op: String? = nil, expected: String? = nil,
                actual: FactValue? = nil, matchedPhrase: String? = nil, children: [ConditionTrace] = []) {
        self.kind = kind
        self.result = result
        self.fact = fact
        self.op = op
        self.expected = expected
        self.actual = actual
        self.matchedPhrase = matchedPhrase
        self.children = children
    }
}

extension ConditionTrace {
    private enum CodingKeys: String, CodingKey {
        case kind, result, fact, op, expected, actual, matchedPhrase, children
    }

    // Written by hand for `actual`: an absent fact is stored as an explicit `"actual": null`,
    // which synthesized coding would drop, turning "the fact was absent" into "no fact".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        result = try container.decode(Bool.self, forKey: .result)
        fact = try container.decodeIfPresent(String.self, forKey: .fact)
        op = try container.decodeIfPresent(String.self, forKey: .op)
        expected = try container.decodeIfPresent(String.self, forKey: .expected)
        actual = container.contains(.actual) ? try container.decode(FactValue.self, forKey: .actual) : nil
        matchedPhrase = try container.decodeIfPresent(String.self, forKey: .matchedPhrase)
        children = try container.decodeIfPresent([ConditionTrace].self, forKey: .children) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(result, forKey: .result)
        try container.encodeIfPresent(fact, forKey: .fact)
        try container.encodeIfPresent(op, forKey: .op)
        try container.encodeIfPresent(expected, forKey: .expected)
        if let actual {
            try container.encode(actual, forKey: .actual)
        }
        try container.encodeIfPresent(matchedPhrase, forKey: .matchedPhrase)
        if !children.isEmpty {
            try container.encode(children, forKey: .children)
        }
    }
}

