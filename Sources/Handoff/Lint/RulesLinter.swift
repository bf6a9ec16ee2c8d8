import Foundation

/// What `jiri rules check` finds in a rules file: load errors, rules that can never win,
/// deep links that lose the session, values no turn has, unused phrases and deep links, and
/// rules no test case exercises.
public struct RulesLinter: Sendable {
    public init() {}

    /// Checks a rules file and the test cases beside it (or `testsFile`). A file that does not
    /// load yields its load errors; a missing cases file is a warning.
    public func check(rulesFile: URL, testsFile: URL? = nil) -> [LintFinding] {
        let ruleset: Ruleset
        do {
            ruleset = try Ruleset.load(file: rulesFile)
        } catch {
            return findings(for: error)
        }
        let testsFile = testsFile ?? RulesTestSuite.file(besideRules: rulesFile)
        guard FileManager.default.fileExists(atPath: testsFile.path) else {
            return lint(ruleset, tests: nil, testsLocation: testsFile.path)
        }
        do {
            return lint(ruleset, tests: try RulesTestSuite.load(file: testsFile))
        } catch {
            return findings(for: error) + lint(ruleset, tests: nil, testsLocation: testsFile.path)
                .filter { $0.code != Code.noTestCases }
        }
    }

    /// Lints a loaded ruleset; `tests` nil means it has no test cases.
    public func lint(_ ruleset: Ruleset, tests: RulesTestSuite?, testsLocation: String? = nil) -> [LintFinding] {
        var context = Context(ruleset: ruleset)
        for stage in RuleStage.allCases {
            context.checkReachability(in: ruleset.rules(in: stage))
        }
        context.checkDeepLinks()
        context.checkPhraseLists()
        context.checkValuesAndRollouts()
        context.checkStages()
        if let tests {
            context.checkCoverage(RulesTestRunner(ruleset: ruleset).run(tests))
        } else {
            let location = testsLocation.map { " (looked for \($0))" } ?? ""
            context.add(.warning, Code.noTestCases, "no test cases for these rules\(location): every rule is untested", line: 0)
        }
        return context.findings.sorted { ($0.severity, $0.source, $0.line) < ($1.severity, $1.source, $1.line) }
    }

    /// Stable codes, for tooling that filters findings.
    public enum Code {
        public static let loadError = "load-error"
        public static let unreachableRule = "unreachable-rule"
        public static let shadowedRule = "shadowed-rule"
        public static let missingSessionID = "missing-session-id"
        public static let untestedRule = "untested-rule"
        public static let noTestCases = "no-test-cases"
        public static let unknownValue = "unknown-value"
        public static let duplicatePhrase = "duplicate-phrase"
        public static let unusedPhraseList = "unused-phrase-list"
        public static let unusedDeepLink = "unused-deep-link"
        public static let zeroRollout = "zero-rollout"
        public static let noTriggers = "no-triggers"
        public static let noDefaultDelivery = "no-default-delivery"
    }

    private func findings(for error: RulesetError) -> [LintFinding] {
        error.problems.map {
            LintFinding(severity: .error, code: Code.loadError, message: $0.message, source: error.source, line: $0.line)
        }
    }
}

/// The checks, accumulating findings about one ruleset.
private struct Context {
    let ruleset: Ruleset
    var findings: [LintFinding] = []

    init(ruleset: Ruleset) {
        self.ruleset = ruleset
    }

    typealias Code = RulesLinter.Code

    mutating func add(_ severity: LintFinding.Severity, _ code: String, _ message: String, line: Int,
                      rule: String? = nil, source: String? = nil) {
        findings.append(LintFinding(severity: severity, code: code, message: message,
                                    source: source ?? ruleset.source, line: line, ruleID: rule))
    }

    /// A rule after an enforce rule that matches everything it matches can never win.
    mutating func checkReachability(in rules: [Rule]) {
        var blockers: [Rule] = []
        for rule in rules {
            if let catchAll = blockers.first(where: \.isCatchAll) {
                add(.warning, Code.unreachableRule,
                    "rule '\(rule.id)' is unreachable: '\(catchAll.id)' (line \(catchAll.line)) matches every turn first",
                    line: rule.line, rule: rule.id)
            } else if let earlier = blockers.first(where: { ConditionImplication.implies(rule.condition, $0.condition) }) {
                add(.warning, Code.shadowedRule,
                    "rule '\(rule.id)' never wins: every turn it matches is taken first by '\(earlier.id)' (line \(earlier.line))",
                    line: rule.line, rule: rule.id)
            }
            if rule.mode == .enforce, (rule.rollout?.percent ?? 100) >= 100 {
                blockers.append(rule)
            }
        }
    }

    mutating func checkDeepLinks() {
        let used = Set(ruleset.rules.compactMap(\.deepLink))
        for template in ruleset.deepLinks {
            if !template.containsSessionID {
                add(.error, Code.missingSessionID,
                    "deep link '\(template.name)' has no {session_id}: the app could not resume the conversation",
                    line: template.line)
            }
            if template.name != DeepLinkTemplate.defaultName, !used.contains(template.name) {
                add(.info, Code.unusedDeepLink, "deep link '\(template.name)' is not used by any rule", line: template.line)
            }
        }
    }

    mutating func checkPhraseLists() {
        let used = Set(ruleset.rules.flatMap { $0.condition.tests }.compactMap { test -> String? in
            if case .hasPhrase(let list?, _) = test.comparison { list } else { nil }
        })
        for list in ruleset.phraseLists {
            if list.name != Ruleset.declinedVisualPhraseList, !used.contains(list.name) {
                add(.info, Code.unusedPhraseList, "phrase list '\(list.name)' is not used by any rule", line: list.line)
            }
            var seen: [[String]: String] = [:]
            for phrase in list.phrases {
                let words = WordScanner.words(in: phrase)
                if let first = seen[words] {
                    add(.warning, Code.duplicatePhrase,
                        "phrase list '\(list.name)' has '\(phrase)' twice (as '\(first)'): punctuation and case do not count",
                        line: list.line)
                } else {
                    seen[words] = phrase
                }
            }
        }
    }

    mutating func checkValuesAndRollouts() {
        for rule in ruleset.rules {
            for test in rule.condition.tests {
                guard let known = test.fact.knownValues else { continue }
                let values: [FactValue] = switch test.comparison {
                case .equals(let value), .notEquals(let value): [value]
                case .isIn(let values): values
                default: []
                }
                for case .text(let value) in values where !known.contains(value) {
                    add(.warning, Code.unknownValue,
                        "rule '\(rule.id)' compares \(test.fact.name) with '\(value)', which it never is "
                            + "(\(known.joined(separator: ", ")))",
                        line: rule.line, rule: rule.id)
                }
            }
            if let rollout = rule.rollout, rollout.percent == 0 {
                add(.info, Code.zeroRollout, "rule '\(rule.id)' is rolled out to 0%: it never applies", line: rule.line, rule: rule.id)
            }
        }
    }

    mutating func checkStages() {
        if !ruleset.rules(in: .trigger).contains(where: { $0.mode == .enforce && $0.handoff }) {
            add(.warning, Code.noTriggers, "no enforced trigger hands off: these rules never hand off", line: 0)
        }
        if !ruleset.rules(in: .delivery).contains(where: \.isCatchAll) {
            add(.info, Code.noDefaultDelivery,
                "no delivery rule matches every turn: a handoff no delivery rule matches opens now", line: 0)
        }
    }

    mutating func checkCoverage(_ report: RulesTestReport) {
        for rule in report.uncoveredRules {
            add(.warning, Code.untestedRule,
                "rule '\(rule.ruleID)' is not exercised by any test case in \(report.casesSource)",
                line: rule.line, rule: rule.ruleID)
        }
    }
}

extension Condition {
    /// Every fact test in the condition, depth first.
    var tests: [FactTest] {
        switch self {
        case .always: []
        case .all(let children), .any(let children): children.flatMap(\.tests)
        case .not(let child): child.tests
        case .test(let test): [test]
        }
    }
}
