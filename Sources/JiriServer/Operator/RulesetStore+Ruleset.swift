import Handoff
import Storage

extension RulesetStore {
    /// Publishes a loaded ruleset under its own revision, storing its text exactly as written.
    public func publish(_ ruleset: Ruleset, actor: String) async throws -> ActivationOutcome {
        try await publish(revision: ruleset.revision, source: ruleset.text, actor: actor)
    }
}
