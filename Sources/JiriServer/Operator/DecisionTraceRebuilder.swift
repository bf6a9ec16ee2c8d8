import Conversation
import Handoff
import Storage

/// Rebuilds the trace of a stored decision. The facts a turn saw, its ruleset
/// revision and its session id (the rollout key) decide it exactly, so turns
/// store those and the first match per stage rather than 4 KB of trace each.
struct DecisionTraceRebuilder {
    let rules: RulesProvider
    let store: RulesetStore

    /// An engine for each revision that is active or published; a revision
    /// served from a rules file that has since changed cannot be rebuilt.
    func engines(for revisions: Set<String>) async -> [String: HandoffEngine] {
        let active = rules.active
        var engines: [String: HandoffEngine] = [:]
        for revision in revisions {
            if revision == active.ruleset.revision {
                engines[revision] = active.engine
            } else if let published = try? await store.revision(revision), let ruleset = try? Ruleset(published: published) {
                engines[revision] = HandoffEngine(ruleset: ruleset)
            }
        }
        return engines
    }

    static func trace(facts: HandoffFacts, sessionID: String, engine: HandoffEngine) -> DecisionTrace? {
        engine.explain(facts, rolloutKey: sessionID).trace
    }
}
