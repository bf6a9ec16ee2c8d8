import Handoff
import Synchronization

/// The ruleset every turn uses, swapped atomically when operators publish or
/// roll back a revision, or the rules file changes. A turn reads it once, so
/// it decides with exactly one revision.
public final class RulesProvider: Sendable {
    /// A class, so a turn takes the active rules with one retain: as a struct, each read
    /// copied the engine's arrays and strings (about 24 retains a turn). The engine holds
    /// the ruleset it was built from.
    public final class Active: Sendable {
        public let engine: HandoffEngine

        init(_ ruleset: Ruleset) {
            engine = HandoffEngine(ruleset: ruleset)
        }

        public var ruleset: Ruleset { engine.ruleset }

        /// The ruleset's and the engine's work, called through the class: a turn reaching
        /// `active.ruleset` or `active.engine` itself copied the struct out first.
        public func scan(_ utterance: String) -> UtteranceScan {
            engine.ruleset.scan(utterance)
        }

        public func declinesVisual(_ utterance: UtteranceScan) -> Bool {
            engine.ruleset.declinesVisual(utterance)
        }

        public func decide(_ facts: HandoffFacts, rolloutKey: String, utterance: UtteranceScan) -> HandoffDecision {
            engine.decide(facts, rolloutKey: rolloutKey, utterance: utterance)
        }
    }

    private let current: Mutex<Active>

    public init(_ ruleset: Ruleset) {
        current = Mutex(Active(ruleset))
    }

    public var active: Active {
        current.withLock { $0 }
    }

    public var revision: String { active.engine.ruleset.revision }

    public func replace(with ruleset: Ruleset) {
        let active = Active(ruleset)
        current.withLock { $0 = active }
    }
}
