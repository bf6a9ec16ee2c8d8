/// What a replay has counted so far. Its size depends on the number of rules and revisions,
/// never on the number of turns, and two tallies merge, so workers count batches on their own.
public struct ReplayTally: Sendable {
    /// How many example turn ids are kept for each kind of change.
    public static let examplesKept = 3
    /// Distinct stored revisions counted by name; any further ones are counted together.
    static let revisionsKept = 100
    static let otherRevisions = "(other)"

    /// A change of decision: the stored rule and outcome, and the candidate's.
    public struct Transition: Sendable, Hashable {
        public var fromRule: String?
        public var fromHandoff: Bool
        public var toRule: String?
        public var toHandoff: Bool

        /// Whether the turn's outcome (handoff or not) changed, rather than only its rule.
        public var flipped: Bool { fromHandoff != toHandoff }
    }

    struct Changed: Sendable {
        var count = 0
        var examples: [String] = []
    }

    /// Turns re-decided (undecodable ones excluded).
    public private(set) var turns = 0
    /// Turns whose stored facts could not be decoded.
    public private(set) var undecodable = 0
    public private(set) var handoffsBefore = 0
    public private(set) var handoffsAfter = 0
    /// Turns whose decision did not change, by deciding rule (nil: no rule decided).
    private(set) var unchanged: [String?: Int] = [:]
    private(set) var changed: [Transition: Changed] = [:]
    private(set) var storedRevisions: [String: Int] = [:]
    private(set) var undecodableExamples: [String] = []

    public init() {}

    /// Counts one re-decided turn.
    public mutating func record(_ turn: ReplayTurn, candidate: HandoffDecision) {
        turns += 1
        let stored = turn.stored
        if stored.handoff { handoffsBefore += 1 }
        if candidate.handoff { handoffsAfter += 1 }
        countRevision(stored.revision ?? "", by: 1)
        if stored.handoff == candidate.handoff, stored.rule == candidate.rule {
            unchanged[stored.rule, default: 0] += 1
            return
        }
        let transition = Transition(fromRule: stored.rule, fromHandoff: stored.handoff,
                                    toRule: candidate.rule, toHandoff: candidate.handoff)
        changed[transition, default: Changed()].add(count: 1, examples: CollectionOfOne(turn.turnID))
    }

    /// Counts a turn whose stored facts could not be read.
    public mutating func recordUndecodable(_ turn: ReplayTurn, error: FactsJSONError) {
        undecodable += 1
        if undecodableExamples.count < Self.examplesKept {
            undecodableExamples.append("\(turn.turnID): \(error)")
        }
    }

    /// Adds another worker's counts.
    public mutating func merge(_ other: ReplayTally) {
        turns += other.turns
        undecodable += other.undecodable
        handoffsBefore += other.handoffsBefore
        handoffsAfter += other.handoffsAfter
        unchanged.merge(other.unchanged, uniquingKeysWith: +)
        for (transition, counted) in other.changed {
            changed[transition, default: Changed()].add(count: counted.count, examples: counted.examples)
        }
        for (revision, count) in other.storedRevisions {
            countRevision(revision, by: count)
        }
        undecodableExamples.append(contentsOf: other.undecodableExamples.prefix(Self.examplesKept - undecodableExamples.count))
    }

    private mutating func countRevision(_ revision: String, by count: Int) {
        if storedRevisions[revision] == nil, storedRevisions.count >= Self.revisionsKept {
            storedRevisions[Self.otherRevisions, default: 0] += count
        } else {
            storedRevisions[revision, default: 0] += count
        }
    }
}

extension ReplayTally.Changed {
    mutating func add(count: Int, examples more: some Collection<String>) {
        self.count += count
        examples.append(contentsOf: more.prefix(ReplayTally.examplesKept - examples.count))
    }
}
