import Foundation
import Testing

@testable import Handoff

@Suite struct RulesLinterTests {
    func findings(_ yaml: String, tests: String? = nil) throws -> [LintFinding] {
        let ruleset = try Fixtures.ruleset(yaml)
        let suite = try tests.map { try RulesTestSuite.parse(yaml: $0, source: "test.tests.yaml") }
        return RulesLinter().lint(ruleset, tests: suite)
    }

    func codes(_ findings: [LintFinding], rule: String) -> [String] {
        findings.filter { $0.ruleID == rule }.map(\.code)
    }

    /// The findings about the second of two triggers.
    func secondTriggerCodes(first: String, second: String) throws -> [String] {
        let result = try findings("""
            trigger:
              - id: first
                description: earlier
                when: \(first)
              - id: second
                description: later
                when: \(second)
            """)
        return codes(result, rule: "second")
    }

    @Test func aRuleAfterACatchAllIsUnreachable() throws {
        let result = try findings("""
            trigger:
              - id: everything
                description: catch-all
              - id: lists
                description: never reached
                when: {fact: result.item_count, gte: 5}
            """)
        let finding = try #require(result.first { $0.code == RulesLinter.Code.unreachableRule })
        #expect(finding.ruleID == "lists")
        #expect(finding.line == 5)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("'everything' (line 3)"))
    }

    @Test func aCatchAllInShadowModeOrPartialRolloutBlocksNothing() throws {
        let result = try findings("""
            trigger:
              - id: trial
                description: shadow catch-all
                mode: shadow
              - id: half
                description: half catch-all
                rollout: {percent: 50}
              - id: lists
                description: reachable
                when: {fact: result.item_count, gte: 5}
            """)
        #expect(codes(result, rule: "lists") == [])
    }

    @Test(arguments: [
        ("{fact: device.surface, in: [homepod, watch]}", "{fact: device.surface, eq: watch}"),
        ("{fact: result.item_count, gte: 5}", "{fact: result.item_count, gte: 10}"),
        ("{fact: result.item_count, gte: 5}", "{fact: result.item_count, in: [5, 9]}"),
        ("{fact: utterance.text, has_phrase: [show me]}", "{fact: utterance.text, has_phrase: [please show me, show me now]}"),
        ("{fact: device.locked, eq: true}", "{all: [{fact: device.locked, eq: true}, {fact: client, eq: shortcut}]}"),
        ("{any: [{fact: device.locked, eq: true}, {fact: client, eq: x}]}", "{fact: client, eq: x}"),
        ("{fact: device.surface, ne: phone}", "{fact: device.surface, eq: ipad}"),
    ] as [(String, String)])
    func aRuleCoveredByAnEarlierOneIsShadowed(_ earlier: String, _ later: String) throws {
        #expect(try secondTriggerCodes(first: earlier, second: later) == [RulesLinter.Code.shadowedRule])
    }

    @Test(arguments: [
        ("{fact: device.surface, eq: watch}", "{fact: device.surface, in: [homepod, watch]}"),
        ("{fact: result.item_count, gte: 10}", "{fact: result.item_count, gte: 5}"),
        ("{fact: utterance.text, has_phrase: [show me now]}", "{fact: utterance.text, has_phrase: [show me]}"),
        ("{fact: client, matches: a}", "{fact: client, matches: b}"),
    ] as [(String, String)])
    func aRuleThatCanStillWinIsNotShadowed(_ earlier: String, _ later: String) throws {
        #expect(try secondTriggerCodes(first: earlier, second: later) == [])
    }

    @Test func aDeepLinkWithoutTheSessionIsAnError() throws {
        let result = try findings("""
            deep_links:
              lost: "jiri://continue?intent={intent.id}"
            trigger:
              - id: a
                description: uses it
                deep_link: lost
            """)
        let finding = try #require(result.first { $0.code == RulesLinter.Code.missingSessionID })
        #expect(finding.severity == .error)
        #expect(finding.line == 3)
        #expect(finding.message.contains("'lost'"))
    }

    @Test func aRuleNoTestCaseExercisesIsUntested() throws {
        let result = try findings("""
            trigger:
              - id: tested
                description: has a case
                when: {fact: device.locked, eq: true}
              - id: untested
                description: has none
                when: {fact: result.item_count, gte: 3}
            """, tests: """
            cases:
              - name: locked
                facts: {device.locked: true}
                expect: {handoff: true}
            """)
        #expect(codes(result, rule: "untested") == [RulesLinter.Code.untestedRule])
        #expect(codes(result, rule: "tested") == [])
    }

    @Test func rulesWithoutACasesFileAreAllUntested() throws {
        let result = try findings("trigger:\n  - id: a\n    description: x\n")
        #expect(result.contains { $0.code == RulesLinter.Code.noTestCases && $0.severity == .warning })
    }

    @Test func aValueTheFactNeverHasIsFlagged() throws {
        let result = try findings("""
            veto:
              - id: typo
                description: HomePod spelt wrong
                when: {fact: device.surface, in: [homePod, watch]}
            """)
        let finding = try #require(result.first { $0.code == RulesLinter.Code.unknownValue })
        #expect(finding.message.contains("'homePod'"))
    }

    @Test func duplicatePhrasesAndUnusedListsAreReported() throws {
        let result = try findings("""
            phrases:
              visual: [show me, "Show me!"]
              spare: [later]
            trigger:
              - id: a
                description: x
                when: {fact: utterance.text, has_phrase: $phrases.visual}
            """)
        #expect(result.contains { $0.code == RulesLinter.Code.duplicatePhrase })
        #expect(result.contains { $0.code == RulesLinter.Code.unusedPhraseList && $0.message.contains("'spare'") })
    }

    @Test func checkReportsLoadErrorsAsFindings() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("handoff-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rules.yaml")
        try "revision: r\ntrigger:\n  - id: a\n    description: x\n    when: {fact: nope, eq: 1}\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let findings = RulesLinter().check(rulesFile: file)
        #expect(findings.map(\.code) == [RulesLinter.Code.loadError])
        #expect(findings.first?.description.hasPrefix("\(file.path):5: error: unknown fact 'nope'") == true)
    }

    @Test func findingsPrintAsSourceLineSeverityMessageCode() {
        let finding = LintFinding(severity: .warning, code: "shadowed-rule", message: "m", source: "r.yaml", line: 4)
        #expect(finding.description == "r.yaml:4: warning: m [shadowed-rule]")
    }
}
