import Foundation
import Testing

@testable import Handoff

/// Paths and small builders shared by the Handoff tests.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    static let defaultRulesFile = repositoryRoot.appendingPathComponent("deploy/config/handoff-rules.yaml")
    static let defaultTestsFile = repositoryRoot.appendingPathComponent("deploy/config/handoff-rules.tests.yaml")
    /// The shared evaluation set, beside the repository (`../shared/eval/dev.jsonl`).
    static let devSetFile = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/eval/dev.jsonl")

    static func defaultRuleset() throws -> Ruleset {
        try Ruleset.load(file: defaultRulesFile)
    }

    /// A ruleset from YAML written in a test; `revision` is added when absent.
    static func ruleset(_ yaml: String) throws -> Ruleset {
        let text = yaml.contains("revision:") ? yaml : "revision: test\n" + yaml
        return try Ruleset.parse(yaml: text, source: "test.yaml")
    }

    /// The load error of YAML that must not load.
    static func loadError(_ yaml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> RulesetError {
        let error = #expect(throws: RulesetError.self, sourceLocation: sourceLocation) {
            try Ruleset.parse(yaml: yaml, source: "bad.yaml")
        }
        return try #require(error, sourceLocation: sourceLocation)
    }

    /// A ruleset with one trigger whose condition is `when` (YAML flow or block text).
    static func engine(triggerWhen when: String, phrases: String = "") throws -> HandoffEngine {
        try HandoffEngine(ruleset: ruleset("""
            \(phrases)
            trigger:
              - id: probe
                description: the condition under test
                when: \(when)
            """))
    }
}
