import Foundation

/// The result of replaying stored turns under a candidate ruleset: how the handoff rate moves,
/// which decisions flip (handoff ↔ voice) or change rule, and per rule how many turns it decides
/// before and after. Encodes with snake_case keys; `text` renders it for a terminal.
public struct ReplayReport: Sendable, Hashable, Codable {
    /// Stored decisions of one kind that the candidate decides differently.
    public struct Change: Sendable, Hashable, Codable {
        /// The stored deciding rule; nil when no rule decided.
        public var fromRule: String?
        public var fromHandoff: Bool
        /// The candidate's deciding rule; nil when none.
        public var toRule: String?
        public var toHandoff: Bool
        public var count: Int
        /// A few of the turns, to look up (`GET /admin/sessions/{id}/turns`).
        public var exampleTurns: [String]

        /// The outcome changed (handoff ↔ voice), not only the deciding rule.
        public var flipped: Bool { fromHandoff != toHandoff }

        enum CodingKeys: String, CodingKey {
            case fromRule = "from_rule", fromHandoff = "from_handoff", toRule = "to_rule", toHandoff = "to_handoff"
            case count, exampleTurns = "example_turns"
        }
    }

    /// One rule's share of the decisions, stored and replayed.
    public struct RuleSummary: Sendable, Hashable, Codable {
        public var rule: String
        /// Stored turns it decided.
        public var decidedBefore: Int
        /// Replayed turns it decides under the candidate.
        public var decidedAfter: Int
        /// Turns it decided whose outcome the candidate flips.
        public var flipsFrom: Int
        /// Flipped turns it now decides.
        public var flipsTo: Int
        /// Whether the candidate has this rule (stored turns may name rules since removed).
        public var inCandidate: Bool

        enum CodingKeys: String, CodingKey {
            case rule, decidedBefore = "decided_before", decidedAfter = "decided_after"
            case flipsFrom = "flips_from", flipsTo = "flips_to", inCandidate = "in_candidate"
        }
    }

    public struct RevisionCount: Sendable, Hashable, Codable {
        /// Empty for turns stored without a revision.
        public var revision: String
        public var turns: Int
    }

    public var candidateRevision: String
    /// The earliest turn time replayed (ISO 8601), or nil for every stored turn.
    public var since: String?
    /// Turns re-decided.
    public var turns: Int
    /// Turns whose stored facts could not be decoded (not re-decided).
    public var undecodable: Int
    public var undecodableExamples: [String]
    public var handoffsBefore: Int
    public var handoffsAfter: Int
    /// Turns whose outcome changed: `flipsToHandoff + flipsToVoice`.
    public var flips: Int
    public var flipsToHandoff: Int
    public var flipsToVoice: Int
    /// Turns with the same outcome but another deciding rule.
    public var ruleChanges: Int
    /// Every kind of change: flips first, then rule changes, most frequent first.
    public var changes: [Change]
    /// Every rule of the candidate and every rule stored turns name, in the candidate's order.
    public var rules: [RuleSummary]
    /// The revisions that made the stored decisions, most turns first.
    public var storedRevisions: [RevisionCount]
    public var elapsedSeconds: Double

    /// `handoffsBefore / turns` (0 without turns).
    public var handoffRateBefore: Double
    public var handoffRateAfter: Double
    /// Stored turns read per second, undecodable ones included.
    public var turnsPerSecond: Double

    enum CodingKeys: String, CodingKey {
        case candidateRevision = "candidate_revision", since, turns, undecodable
        case undecodableExamples = "undecodable_examples"
        case handoffsBefore = "handoffs_before", handoffsAfter = "handoffs_after"
        case handoffRateBefore = "handoff_rate_before", handoffRateAfter = "handoff_rate_after"
        case flips, flipsToHandoff = "flips_to_handoff", flipsToVoice = "flips_to_voice"
        case ruleChanges = "rule_changes", changes, rules
        case storedRevisions = "stored_revisions", elapsedSeconds = "elapsed_seconds"
        case turnsPerSecond = "turns_per_second"
    }

    public init(tally: ReplayTally, candidate: Ruleset, since: Date?, elapsed: Duration) {
        candidateRevision = candidate.revision
        self.since = since.map { $0.formatted(.iso8601) }
        turns = tally.turns
        undecodable = tally.undecodable
        undecodableExamples = tally.undecodableExamples
        handoffsBefore = tally.handoffsBefore
        handoffsAfter = tally.handoffsAfter
        changes = tally.changed.map { transition, counted in
            Change(fromRule: transition.fromRule, fromHandoff: transition.fromHandoff, toRule: transition.toRule,
                   toHandoff: transition.toHandoff, count: counted.count, exampleTurns: counted.examples)
        }.sorted { ($0.flipped ? 0 : 1, -$0.count, $0.fromRule ?? "", $0.toRule ?? "")
            < ($1.flipped ? 0 : 1, -$1.count, $1.fromRule ?? "", $1.toRule ?? "") }
        let flipped = changes.filter(\.flipped)
        flipsToHandoff = flipped.filter(\.toHandoff).reduce(0) { $0 + $1.count }
        flipsToVoice = flipped.filter { !$0.toHandoff }.reduce(0) { $0 + $1.count }
        flips = flipsToHandoff + flipsToVoice
        ruleChanges = changes.filter { !$0.flipped }.reduce(0) { $0 + $1.count }
        rules = Self.summaries(tally: tally, changes: changes, candidate: candidate)
        storedRevisions = tally.storedRevisions.map { RevisionCount(revision: $0.key, turns: $0.value) }
            .sorted { ($1.turns, $0.revision) < ($0.turns, $1.revision) }
        let (seconds, attoseconds) = elapsed.components
        elapsedSeconds = Double(seconds) + Double(attoseconds) / 1e18
        handoffRateBefore = Self.rate(handoffsBefore, of: turns)
        handoffRateAfter = Self.rate(handoffsAfter, of: turns)
        turnsPerSecond = elapsedSeconds > 0 ? Double(turns + undecodable) / elapsedSeconds : 0
    }

    static func rate(_ count: Int, of total: Int) -> Double {
        total > 0 ? Double(count) / Double(total) : 0
    }

    /// Decided before = unchanged + changed away from the rule; after = unchanged + changed to it.
    private static func summaries(tally: ReplayTally, changes: [Change], candidate: Ruleset) -> [RuleSummary] {
        var byRule: [String: RuleSummary] = [:]
        func update(_ rule: String, _ body: (inout RuleSummary) -> Void) {
            var summary = byRule[rule] ?? RuleSummary(rule: rule, decidedBefore: 0, decidedAfter: 0, flipsFrom: 0,
                                                      flipsTo: 0, inCandidate: candidate.rule(id: rule) != nil)
            body(&summary)
            byRule[rule] = summary
        }
        for rule in candidate.rules {
            update(rule.id) { _ in }
        }
        for case let (rule?, count) in tally.unchanged {
            update(rule) { $0.decidedBefore += count; $0.decidedAfter += count }
        }
        for change in changes {
            if let from = change.fromRule {
                update(from) { $0.decidedBefore += change.count; if change.flipped { $0.flipsFrom += change.count } }
            }
            if let to = change.toRule {
                update(to) { $0.decidedAfter += change.count; if change.flipped { $0.flipsTo += change.count } }
            }
        }
        let order = Dictionary(candidate.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return byRule.values.sorted { (order[$0.rule] ?? Int.max, $0.rule) < (order[$1.rule] ?? Int.max, $1.rule) }
    }
}
