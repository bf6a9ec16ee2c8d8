import Testing

@testable import Handoff

@Suite struct RulesTestRunnerTests {
    static let rules = """
        phrases:
          declined_visual: [just tell me]
        veto:
          - id: declined
            description: voice only
            when: {fact: user.declined_visual, eq: true}
        trigger:
          - id: lists
            description: long lists
            when: {fact: result.item_count, gte: 5}
            reason: long
          - id: reprompts
            description: reprompts
            when: {fact: dialogue.reprompts, gte: 2}
        """

    func run(_ cases: String) throws -> RulesTestReport {
        let suite = try RulesTestSuite.parse(yaml: cases, source: "cases.yaml")
        return RulesTestRunner(ruleset: try Fixtures.ruleset(Self.rules)).run(suite)
    }

    @Test func aFailingExpectationIsReportedWithExpectedActualAndLine() throws {
        let report = try run("""
            cases:
              - name: long list
                facts: {result.item_count: 9}
                expect:
                  handoff: true
                  rule: reprompts
            """)
        let failed = try #require(report.failedCases.first)
        #expect(failed.name == "long list")
        #expect(failed.failures == [.init(field: "rule", expected: "reprompts", actual: "lists", line: 6)])
        #expect(report.text.contains("cases.yaml:6: rule: expected reprompts, got lists"))
        #expect(!report.passed)
    }

    @Test func anUncoveredRuleFailsTheRunEvenWhenEveryCasePasses() throws {
        let report = try run("""
            cases:
              - name: long list
                facts: {result.item_count: 9}
                expect: {handoff: true, rule: lists, reason: long}
              - name: declined
                facts: {utterance.text: "Just tell me!", result.item_count: 9}
                expect: {handoff: false, rule: declined}
            """)
        #expect(report.failedCases.isEmpty)
        #expect(report.uncoveredRules.map(\.ruleID) == ["reprompts"])
        #expect(!report.passed)
        #expect(report.text.contains("UNCOVERED"))
    }

    @Test func coverageCountsTheCasesThatExerciseEachRule() throws {
        let report = try run("""
            cases:
              - {name: a, facts: {result.item_count: 9}, expect: {rule: lists}}
              - {name: b, facts: {result.item_count: 5, dialogue.reprompts: 3}, expect: {rule: lists}}
              - {name: c, facts: {dialogue.reprompts: 2, user.declined_visual: true}, expect: {rule: declined}}
              - {name: d, facts: {utterance.text: hello}, expect: {rule: null, handoff: false}}
            """)
        #expect(report.passed)
        #expect(report.coverage.map(\.cases) == [1, 2, 1])
    }

    @Test func casesFilesAreValidatedWithLineNumbers() {
        let error = #expect(throws: RulesetError.self) {
            try RulesTestSuite.parse(yaml: """
                cases:
                  - name: typo
                    facts: {result.itemcount: 9}
                    expect: {handoff: true}
                  - name: wrong type
                    facts: {device.locked: sometimes}
                    expect: {handoff: true}
                  - name: no expectation
                    facts: {}
                """, source: "cases.yaml")
        }
        #expect(error?.problems.map(\.line) == [3, 6, 8])
        #expect(error?.problems.first?.message.contains("did you mean 'result.item_count'") == true)
    }

    @Test func theCasesFileSitsBesideTheRulesFile() {
        let rules = Fixtures.defaultRulesFile
        #expect(RulesTestSuite.file(besideRules: rules) == Fixtures.defaultTestsFile)
    }
}
