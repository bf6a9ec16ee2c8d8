import Foundation

/// Runs a ruleset's test cases and measures which rules they exercise.
///
/// A rule is covered when some case reaches it in a consulted stage and its condition matches
/// (whether or not its rollout includes the case's key), so every rule, shadow rules included,
/// must be shown to fire at least once. A run passes only when every case passes and every
/// rule is covered.
public struct RulesTestRunner: Sendable {
    public let engine: HandoffEngine

    public init(ruleset: Ruleset) {
        engine = HandoffEngine(ruleset: ruleset)
    }

    public func run(_ suite: RulesTestSuite) -> RulesTestReport {
        let ruleset = engine.ruleset
        var hits: [String: Int] = [:]
        let results = suite.cases.map { testCase in
            var facts = testCase.facts
            facts.userDeclinedVisual = facts.userDeclinedVisual || ruleset.declinesVisual(facts.utteranceText)
            let decision = engine.explain(facts, rollout: testCase.rollout)
            for stage in decision.trace?.stages ?? [] {
                for rule in stage.rules where rule.reached && rule.matched {
                    hits[rule.id, default: 0] += 1
                }
            }
            let failures = testCase.expectations.compactMap { expectation -> RulesTestReport.Failure? in
                let actual = expectation.actual(in: decision)
                guard actual != expectation.value else { return nil }
                return .init(field: expectation.field.rawValue, expected: expectation.value, actual: actual,
                             line: expectation.line)
            }
            return RulesTestReport.CaseResult(name: testCase.name, line: testCase.line, failures: failures,
                                              decision: decision.withoutTrace)
        }
        let coverage = ruleset.rules.map {
            RulesTestReport.RuleCoverage(ruleID: $0.id, stage: $0.stage, line: $0.line, cases: hits[$0.id] ?? 0)
        }
        return RulesTestReport(rulesSource: ruleset.source, casesSource: suite.source, results: results,
                               coverage: coverage)
    }
}

/// The outcome of `RulesTestRunner.run`.
public struct RulesTestReport: Sendable {
    public struct Failure: Sendable, Hashable {
        public var field: String
        public var expected: String
        public var actual: String
        public var line: Int
    }

    public struct CaseResult: Sendable {
        public var name: String
        public var line: Int
        public var failures: [Failure]
        public var decision: HandoffDecision
        public var passed: Bool { failures.isEmpty }
    }

    public struct RuleCoverage: Sendable, Hashable {
        public var ruleID: String
        public var stage: RuleStage
        public var line: Int
        /// How many cases exercised the rule.
        public var cases: Int
    }

    public var rulesSource: String
    public var casesSource: String
    public var results: [CaseResult]
    /// Every rule of the ruleset, in file order.
    public var coverage: [RuleCoverage]

    public var failedCases: [CaseResult] { results.filter { !$0.passed } }
    public var uncoveredRules: [RuleCoverage] { coverage.filter { $0.cases == 0 } }
    public var passed: Bool { failedCases.isEmpty && uncoveredRules.isEmpty && !results.isEmpty }

    /// The report as `jiri rules test` prints it.
    public var text: String {
        var lines: [String] = []
        for result in failedCases {
            lines.append("FAIL \(casesSource):\(result.line): \(result.name)")
            for failure in result.failures {
                lines.append("  \(casesSource):\(failure.line): \(failure.field): expected \(failure.expected), got \(failure.actual)")
            }
        }
        if results.isEmpty {
            lines.append("FAIL \(casesSource): no test cases")
        }
        lines.append("")
        lines.append("Coverage (cases per rule):")
        let width = coverage.map(\.ruleID.count).max() ?? 0
        for rule in coverage {
            let name = rule.ruleID.padding(toLength: width, withPad: " ", startingAt: 0)
            let mark = rule.cases == 0 ? "  UNCOVERED (\(rulesSource):\(rule.line))" : ""
            lines.append("  \(rule.stage.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(name) \(rule.cases)\(mark)")
        }
        lines.append("")
        let passedCount = results.count - failedCases.count
        let covered = coverage.count - uncoveredRules.count
        lines.append("\(passed ? "PASS" : "FAIL"): \(passedCount)/\(results.count) cases passed, "
            + "\(covered)/\(coverage.count) rules covered")
        return lines.joined(separator: "\n")
    }
}
