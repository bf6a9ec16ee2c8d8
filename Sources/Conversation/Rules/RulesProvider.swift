import Handoff
import Synchronization

/// The ruleset every turn uses, swapped atomically when operators publish or
/// roll back a revision, or the rules file changes. A turn reads it once, so
/// it decides with exactly one revision.
public final class RulesProvider: Sendable {
    /// A class, so a turn takes the active rules with one retain: as a struct, each read
    /// copied the ruleset's and the engine's arrays and strings (about 24 retains a turn).
    public final class Active: Sendable {
        public let ruleset: Ruleset
        public let engine: HandoffEngine

        init(ruleset: Ruleset, engine: HandoffEngine) {
            self.ruleset = ruleset
            self.engine = engine
        }

        /// The ruleset's and the engine's work, called through the class: a turn reaching
        /// `active.ruleset` or `active.engine` itself copied the struct out first.
        public func declinesVisual(_ utterance: String) -> Bool {
            ruleset.declinesVisual(utterance)
        }

        public func decide(_ facts: HandoffFacts, rolloutKey: String) -> HandoffDecision {
            engine.decide(facts, rolloutKey: rolloutKey)
        }
    }

    private let current: Mutex<Active>

    public init(_ ruleset: Ruleset) {
        current = Mutex(Active(ruleset: ruleset, engine: HandoffEngine(ruleset: ruleset)))
    }

    public var active: Active {
        current.withLock { $0 }
    }

    public var revision: String { active.ruleset.revision }

    public func replace(with ruleset: Ruleset) {
        let engine = HandoffEngine(ruleset: ruleset)
        current.withLock { $0 = Active(ruleset: ruleset, engine: engine) }
    }
}
