/// A rule's `when`: a tree of `all` / `any` / `not` over tests of single facts.
public indirect enum Condition: Sendable, Hashable {
    /// No `when`: the rule always matches.
    case always
    case all([Condition])
    case any([Condition])
    case not(Condition)
    case test(FactTest)
}

/// One comparison, `{fact: device.surface, in: [homepod, watch]}`.
public struct FactTest: Sendable, Hashable {
    public var fact: HandoffFact
    public var comparison: Comparison

    public init(fact: HandoffFact, comparison: Comparison) {
        self.fact = fact
        self.comparison = comparison
    }
}

/// The operator of a `FactTest` with its operand.
public enum Comparison: Sendable, Hashable {
    case equals(FactValue)
    case notEquals(FactValue)
    case isIn([FactValue])
    case atLeast(Int)
    case atMost(Int)
    /// Whole-word phrases; `list` names the `phrases:` entry when written `$phrases.<name>`.
    case hasPhrase(list: String?, phrases: [String])
    /// A regular expression searched anywhere in the value (anchor it with `^…$`).
    case matches(pattern: String)

    /// The operator's name in the rules file.
    public var operatorName: String {
        switch self {
        case .equals: "eq"
        case .notEquals: "ne"
        case .isIn: "in"
        case .atLeast: "gte"
        case .atMost: "lte"
        case .hasPhrase: "has_phrase"
        case .matches: "matches"
        }
    }

    /// Every operator name the rules file accepts.
    public static let operatorNames = ["eq", "ne", "in", "gte", "lte", "has_phrase", "matches"]

    /// The operand as an operator would write it.
    public var operandDescription: String {
        switch self {
        case .equals(let value), .notEquals(let value): value.description
        case .isIn(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .atLeast(let bound), .atMost(let bound): String(bound)
        case .hasPhrase(let list?, _): "$phrases.\(list)"
        case .hasPhrase(nil, let phrases): "[" + phrases.joined(separator: ", ") + "]"
        case .matches(let pattern): pattern
        }
    }
}
