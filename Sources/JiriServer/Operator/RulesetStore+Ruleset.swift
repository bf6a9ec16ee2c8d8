import Handoff
import Storage

extension RulesetStore {
    /// Publishes a loaded ruleset under its own revision, storing its text exactly as written.
    public func publish(_ ruleset: Ruleset, actor: String) async throws -> ActivationOutcome {
        try await publish(revision: ruleset.revision, source: ruleset.text, actor: actor)
    }
}

extension Ruleset {
    /// The published text, labelled by its revision; the stored revision id wins over the
    /// text's `revision:` so decisions name what is active.
    init(published: PublishedRuleset) throws {
        self = try Ruleset.parse(yaml: published.source, source: "revision \(published.revision)")
        revision = published.revision
    }
}
