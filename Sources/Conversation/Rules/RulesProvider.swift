import Handoff
import Synchronization

/// The ruleset every turn uses, swapped atomically when operators publish or
/// roll back a revision, or the rules file changes. A turn reads it once, so
/// it decides with exactly one revision.
public final class RulesProvider: Sendable {
    public struct Active: Sendable {
        public let ruleset: Ruleset
        public let engine: HandoffEngine
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
