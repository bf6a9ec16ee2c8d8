import Foundation
import Yams

/// Test cases for a rules file, kept beside it (`handoff-rules.yaml` →
/// `handoff-rules.tests.yaml`):
///
/// ```yaml
/// cases:
///   - name: HomePod points to the phone
///     facts: {utterance.text: show me my nags, device.surface: homepod}
///     rollout_key: session-1          # optional; principal: … as well
///     expect: {handoff: false, rule: screenless-surface, say: "I can show you that on your phone."}
/// ```
///
/// Facts are keyed by fact name, typed like the rules. The runner also sets
/// `user.declined_visual` when the utterance has a `declined_visual` phrase, exactly as the turn
/// pipeline does.
/// `expect` may check handoff, rule, stage, reason, delivery, say, deep_link (the template,
/// `{session_id}` unfilled) and shadow_matches; `null` expects the field to be absent.
public struct RulesTestSuite: Sendable {
    public struct Case: Sendable, Hashable {
        public var name: String
        public var line: Int
        public var facts: HandoffFacts
        public var rollout: RolloutKeys
        public var expectations: [Expectation]
    }

    /// One checked field of the decision.
    public struct Expectation: Sendable, Hashable {
        public enum Field: String, Sendable, Hashable, CaseIterable {
            case handoff, rule, stage, reason, delivery, say
            case deepLink = "deep_link"
            case shadowMatches = "shadow_matches"
        }

        public var field: Field
        /// The expected value as the decision renders it: `true`, `visual-request`, `null`,
        /// `[rule-a, rule-b]`.
        public var value: String
        public var line: Int

        /// The decision's value for this field, rendered like `value`.
        public func actual(in decision: HandoffDecision) -> String {
            switch field {
            case .handoff: String(decision.handoff)
            case .rule: decision.rule ?? "null"
            case .stage: decision.stage ?? "null"
            case .reason: decision.reason ?? "null"
            case .delivery: decision.delivery ?? "null"
            case .say: decision.spokenSuffix ?? "null"
            case .deepLink: decision.deepLinkTemplate ?? "null"
            case .shadowMatches: Self.render(decision.shadowMatches)
            }
        }

        static func render(_ list: [String]) -> String {
            "[" + list.joined(separator: ", ") + "]"
        }
    }

    public static let defaultRolloutKey = "rules-test"

    public var source: String
    public var cases: [Case]

    /// The cases file that belongs to a rules file.
    public static func file(besideRules rules: URL) -> URL {
        let name = rules.deletingPathExtension().lastPathComponent
        return rules.deletingLastPathComponent().appendingPathComponent("\(name).tests.yaml")
    }

    public static func load(file: URL) throws(RulesetError) -> RulesTestSuite {
        try parse(yaml: Ruleset.readText(of: file), source: file.path)
    }

    public static func parse(yaml: String, source: String) throws(RulesetError) -> RulesTestSuite {
        var reader = YAMLReader(source: source)
        var cases: [Case] = []
        if let root = reader.root(of: yaml), let document = reader.mapping(root, "the test cases file", allowedKeys: ["cases"]) {
            if let node = document["cases"], let items = reader.sequence(node, "cases") {
                cases = items.compactMap { parseCase($0, reader: &reader) }
            } else if document["cases"] == nil {
                reader.fail(document.line, "the test cases file needs a list of cases")
            }
        }
        if let error = reader.error() {
            throw error
        }
        return RulesTestSuite(source: source, cases: cases)
    }

    private static let caseKeys = ["name", "facts", "rollout_key", "principal", "expect"]

    private static func parseCase(_ node: Node, reader: inout YAMLReader) -> Case? {
        guard let mapping = reader.mapping(node, "a test case", allowedKeys: caseKeys) else { return nil }
        let problemsBefore = reader.problems.count
        let name = mapping["name"].flatMap { reader.nonEmptyString($0, "a test case name") } ?? "line \(mapping.line)"
        var facts = HandoffFacts(utteranceText: "")
        if let node = mapping["facts"], let factsMapping = reader.mapping(node, "the facts of '\(name)'") {
            for entry in factsMapping.entries {
                guard let fact = HandoffFact(name: entry.key) else {
                    reader.fail(entry.line, "unknown fact '\(entry.key)'"
                        + YAMLReader.suggestion(for: entry.key, among: HandoffFact.allCases.map(\.name)))
                    continue
                }
                if let value = reader.factValue(entry.value, for: fact) {
                    fact.assign(value, to: &facts)
                }
            }
        }
        let session = mapping["rollout_key"].flatMap { reader.nonEmptyString($0, "rollout_key") } ?? defaultRolloutKey
        let principal = mapping["principal"].flatMap { reader.nonEmptyString($0, "principal") }

        var expectations: [Expectation] = []
        if let node = mapping["expect"],
           let expect = reader.mapping(node, "the expect of '\(name)'", allowedKeys: Expectation.Field.allCases.map(\.rawValue)) {
            for entry in expect.entries {
                guard let field = Expectation.Field(rawValue: entry.key),
                      let value = expectedValue(entry.value, field: field, reader: &reader) else { continue }
                expectations.append(Expectation(field: field, value: value, line: entry.line))
            }
            if expect.entries.isEmpty {
                reader.fail(expect.line, "test case '\(name)' expects nothing")
            }
        } else if mapping["expect"] == nil {
            reader.fail(mapping.line, "test case '\(name)' needs an expect")
        }
        guard reader.problems.count == problemsBefore else { return nil }
        return Case(name: name, line: mapping.line, facts: facts,
                    rollout: RolloutKeys(session: session, principal: principal), expectations: expectations)
    }

    private static func expectedValue(_ node: Node, field: Expectation.Field, reader: inout YAMLReader) -> String? {
        switch field {
        case .handoff:
            return reader.boolean(node, "expected handoff").map { String($0) }
        case .shadowMatches:
            guard let items = reader.sequence(node, "expected shadow_matches") else { return nil }
            return Expectation.render(items.compactMap { reader.string($0, "a shadow match") })
        default:
            guard let scalar = node.scalar else {
                return reader.string(node, "expected \(field.rawValue)")
            }
            let isNull = scalar.style == .plain && ["null", "~", ""].contains(scalar.string)
            return isNull ? "null" : scalar.string
        }
    }
}
