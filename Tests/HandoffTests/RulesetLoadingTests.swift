import Testing

@testable import Handoff

/// Files that must not load, each rejected with its line.
@Suite struct RulesetLoadingTests {
    @Test func anUnknownFactIsRejectedWithItsLineAndASuggestion() throws {
        let error = try Fixtures.loadError("""
            revision: r1
            trigger:
              - id: a
                description: typo
                when: {fact: device.surfce, eq: phone}
            """)
        #expect(error.line == 5)
        #expect(error.message.contains("unknown fact 'device.surfce'"))
        #expect(error.message.contains("did you mean 'device.surface'"))
        #expect(error.description.hasPrefix("bad.yaml:5: "))
    }

    @Test func aDuplicateIdIsRejectedAcrossStages() throws {
        let error = try Fixtures.loadError("""
            revision: r1
            veto:
              - id: same
                description: first
            trigger:
              - id: same
                description: second
            """)
        #expect(error.line == 6)
        #expect(error.message.contains("duplicate rule id 'same' (first defined at line 3)"))
    }

    @Test func everyProblemIsReportedInLineOrder() throws {
        let error = try Fixtures.loadError("""
            revision: r1
            trigger:
              - id: a
                description: one
                when: {fact: nope, eq: 1}
              - id: b
                description: two
                when: {fact: device.locked, eq: maybe}
              - id: c
                colour: red
            """)
        #expect(error.problems.map(\.line) == [5, 8, 9, 10])
        #expect(error.description.split(separator: "\n").count == 4)
    }

    @Test(arguments: [
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when:\n      fact: device.surface\n      equals: phone\n", 7,
         "unknown operator 'equals'"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: utterance.text, matches: \"(unclosed\"}\n", 5,
         "invalid regular expression"),
        ("revision: r\nveto:\n  - description: nameless\n    when: {fact: device.locked, eq: true}\n", 3, "needs an id"),
        ("trigger:\n  - id: a\n    description: x\n", 1, "needs a revision"),
        ("revision: r\nstages: []\n", 2, "unknown key 'stages'"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: result.item_count, gte: many}\n", 5,
         "whole number"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: device.surface, gte: 3}\n", 5,
         "compares numbers"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: intent.id, has_phrase: [x]}\n", 5,
         "applies to utterance.text"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: utterance.text, has_phrase: $phrases.nope}\n", 5,
         "unknown phrase list"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    deep_link: nope\n", 5, "unknown deep link"),
        ("revision: r\nveto:\n  - id: a\n    description: x\n    handoff: true\n", 5, "only trigger rules set handoff"),
        ("revision: r\ndelivery:\n  - id: a\n    description: x\n", 3, "needs a delivery"),
        ("revision: r\ndelivery:\n  - id: a\n    description: x\n    delivery: teleport\n", 5, "must be one of"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    rollout: {percent: 120}\n", 5, "between 0 and 100"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: device.locked, eq: null}\n", 5,
         "cannot be null"),
        ("revision: r\ndeep_links:\n  odd: \"jiri://x?{sesion_id}\"\n", 3, "unknown placeholder"),
        ("revision: r\nphrases:\n  visual: [\"...\"]\n", 3, "has no words"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {any: [], fact: client, eq: x}\n", 5, "must be alone"),
        ("revision: r\ntrigger:\n  - id: a\n    description: x\n    id: b\n", 5, "repeats the key 'id'"),
        ("revision: r\ntrigger: [\n", 3, "invalid YAML"),
    ] as [(String, Int, String)])
    func malformedFilesAreRejectedWithTheirLine(_ yaml: String, line: Int, message: String) throws {
        let error = try Fixtures.loadError(yaml)
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func scalarsAreTypedByTheFactNotByYAMLGuessing() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: client, in: [on, 123, \"null\"]}")
        #expect(engine.decide(HandoffFacts(utteranceText: "", client: "on"), rolloutKey: "k").handoff)
        #expect(engine.decide(HandoffFacts(utteranceText: "", client: "123"), rolloutKey: "k").handoff)
        #expect(engine.decide(HandoffFacts(utteranceText: "", client: "null"), rolloutKey: "k").handoff)
    }

    @Test func theDefaultDeepLinkIsAddedWhenTheFileHasNone() throws {
        let ruleset = try Fixtures.ruleset("trigger: []")
        #expect(ruleset.deepLink(named: "default")?.template == "jiri://continue?session_id={session_id}")
    }

    @Test func loadingAMissingFileNamesIt() {
        let error = #expect(throws: RulesetError.self) {
            try Ruleset.load(file: Fixtures.repositoryRoot.appendingPathComponent("no-such-rules.yaml"))
        }
        #expect(error?.description.contains("no-such-rules.yaml:0: cannot read the file") == true)
    }
}
