import Foundation
import Yams

/// Turns a rules file into a `Ruleset`, collecting every problem with its line.
struct RulesetParser {
    private static let topLevelKeys = ["revision", "deep_links", "phrases"] + RuleStage.allCases.map(\.rawValue)
    private static let ruleKeys = [
        "id", "description", "mode", "rollout", "when", "handoff", "delivery", "deep_link", "say", "reason",
    ]

    private var reader: YAMLReader
    private var deepLinks: [DeepLinkTemplate] = []
    private var phraseLists: [Ruleset.PhraseList] = []
    private var regularExpressions: [String: NSRegularExpression] = [:]
    private var ruleLines: [String: Int] = [:]

    init(source: String) {
        reader = YAMLReader(source: source)
    }

    mutating func parse(_ text: String) throws(RulesetError) -> Ruleset {
        guard let root = reader.root(of: text),
              let document = reader.mapping(root, "the rules file", allowedKeys: Self.topLevelKeys) else {
            throw reader.error() ?? RulesetError(source: reader.source, line: 0, message: "the rules file must be a mapping")
        }
        var revision = ""
        if let node = document["revision"] {
            revision = reader.nonEmptyString(node, "revision") ?? ""
        } else {
            reader.fail(document.line, "the rules file needs a revision")
        }
        parseDeepLinks(document["deep_links"])
        parsePhrases(document["phrases"])
        var rules: [Rule] = []
        for stage in RuleStage.allCases {
            guard let node = document[stage.rawValue] else { continue }
            guard let items = reader.sequence(node, "\(stage.rawValue)") else { continue }
            rules += items.compactMap { parseRule($0, stage: stage) }
        }
        if let error = reader.error() {
            throw error
        }
        let program = RulesetProgram(
            rules: rules, phraseLists: phraseLists, deepLinks: deepLinks, regularExpressions: regularExpressions
        )
        return Ruleset(revision: revision, source: reader.source, text: text, deepLinks: deepLinks,
                       phraseLists: phraseLists, rules: rules, program: program)
    }

    // MARK: Deep links and phrases

    private mutating func parseDeepLinks(_ node: Node?) {
        if let node, let mapping = reader.mapping(node, "deep_links") {
            for entry in mapping.entries {
                guard let template = reader.nonEmptyString(entry.value, "deep link '\(entry.key)'") else { continue }
                do {
                    deepLinks.append(try DeepLinkTemplate(name: entry.key, template: template, line: entry.line))
                } catch {
                    reader.fail(entry.line, "deep link '\(entry.key)' has \(error.message)")
                }
            }
        }
        if !deepLinks.contains(where: { $0.name == DeepLinkTemplate.defaultName }),
           let fallback = try? DeepLinkTemplate(
               name: DeepLinkTemplate.defaultName, template: DeepLinkTemplate.defaultTemplate, line: 0
           ) {
            deepLinks.insert(fallback, at: 0)
        }
    }

    private mutating func parsePhrases(_ node: Node?) {
        guard let node, let mapping = reader.mapping(node, "phrases") else { return }
        for entry in mapping.entries {
            guard let items = reader.sequence(entry.value, "phrase list '\(entry.key)'") else { continue }
            if items.isEmpty {
                reader.fail(entry.line, "phrase list '\(entry.key)' is empty")
            }
            let phrases = items.compactMap { phrase($0, in: "phrase list '\(entry.key)'") }
            phraseLists.append(.init(name: entry.key, phrases: phrases, line: entry.line))
        }
    }

    /// One phrase, which must contain at least one word.
    private mutating func phrase(_ node: Node, in what: String) -> String? {
        guard let text = reader.string(node, "a phrase in \(what)") else { return nil }
        guard !WordScanner.words(in: text).isEmpty else {
            reader.fail(YAMLReader.line(of: node), "the phrase '\(text)' in \(what) has no words")
            return nil
        }
        return text
    }

    // MARK: Rules

    private mutating func parseRule(_ node: Node, stage: RuleStage) -> Rule? {
        let what = "a \(stage.rawValue) rule"
        guard let mapping = reader.mapping(node, what, allowedKeys: Self.ruleKeys) else { return nil }
        let problemsBefore = reader.problems.count

        var id = ""
        if let idNode = mapping["id"], let text = reader.nonEmptyString(idNode, "a rule id") {
            id = text
            if text.contains(where: { !($0.isLetter || $0.isNumber || "-_.".contains($0)) }) {
                reader.fail(mapping.line(of: "id"), "rule id '\(text)' may only use letters, digits, '-', '_' and '.'")
            } else if let first = ruleLines[text] {
                reader.fail(mapping.line(of: "id"), "duplicate rule id '\(text)' (first defined at line \(first))")
            } else {
                ruleLines[text] = mapping.line
            }
        } else if mapping["id"] == nil {
            reader.fail(mapping.line, "\(what) needs an id")
        }
        let label = id.isEmpty ? what : "rule '\(id)'"

        var description = ""
        if let node = mapping["description"] {
            description = reader.nonEmptyString(node, "the description of \(label)") ?? ""
        } else {
            reader.fail(mapping.line, "\(label) needs a description")
        }
        let mode = mapping["mode"].flatMap { reader.choice($0, "the mode of \(label)", as: RuleMode.self) } ?? .enforce
        let rollout = mapping["rollout"].flatMap { parseRollout($0, of: label) }
        let condition = mapping["when"].flatMap { parseCondition($0) } ?? .always
        let say = mapping["say"].flatMap { reader.nonEmptyString($0, "the say of \(label)") }
        let reason = mapping["reason"].flatMap { reader.nonEmptyString($0, "the reason of \(label)") }

        var handoff: Bool?
        if let node = mapping["handoff"] {
            if stage == .trigger {
                handoff = reader.boolean(node, "the handoff of \(label)")
            } else {
                reader.fail(mapping.line(of: "handoff"),
                            "only trigger rules set handoff (a veto never hands off; delivery rules only say how)")
            }
        }
        var delivery: DeliveryMode?
        if let node = mapping["delivery"] {
            if stage == .delivery {
                delivery = reader.choice(node, "the delivery of \(label)", as: DeliveryMode.self)
            } else {
                reader.fail(mapping.line(of: "delivery"), "only delivery rules set delivery")
            }
        } else if stage == .delivery {
            reader.fail(mapping.line, "\(label) needs a delivery (open_now, after_unlock or send_to_phone)")
        }
        var deepLink: String?
        if let node = mapping["deep_link"], let name = reader.nonEmptyString(node, "the deep_link of \(label)") {
            if stage == .veto {
                reader.fail(mapping.line(of: "deep_link"), "a veto never hands off, so it has no deep_link")
            } else if !deepLinks.contains(where: { $0.name == name }) {
                let names = deepLinks.map(\.name)
                reader.fail(mapping.line(of: "deep_link"),
                            "unknown deep link '\(name)'\(YAMLReader.suggestion(for: name, among: names))")
            }
            deepLink = name
        }

        guard reader.problems.count == problemsBefore else { return nil }
        return Rule(id: id, description: description, stage: stage, mode: mode, rollout: rollout,
                    condition: condition, handoff: handoff, delivery: delivery, deepLink: deepLink,
                    say: say, reason: reason, line: mapping.line)
    }

    private mutating func parseRollout(_ node: Node, of label: String) -> Rollout? {
        guard let mapping = reader.mapping(node, "the rollout of \(label)", allowedKeys: ["percent", "by"]) else {
            return nil
        }
        guard let percentNode = mapping["percent"] else {
            reader.fail(mapping.line, "the rollout of \(label) needs a percent")
            return nil
        }
        guard let percent = reader.number(percentNode, "the rollout percent of \(label)") else { return nil }
        guard (0...100).contains(percent) else {
            reader.fail(YAMLReader.line(of: percentNode), "the rollout percent of \(label) must be between 0 and 100")
            return nil
        }
        let dimension = mapping["by"].flatMap { reader.choice($0, "the rollout of \(label) by", as: Rollout.Dimension.self) }
        return Rollout(percent: percent, by: dimension ?? .session)
    }

    // MARK: Conditions

    private mutating func parseCondition(_ node: Node) -> Condition? {
        let line = YAMLReader.line(of: node)
        guard let mapping = reader.mapping(node, "a condition") else { return nil }
        let keys = mapping.entries.map(\.key)
        for combinator in ["all", "any", "not"] where keys.contains(combinator) {
            guard keys.count == 1 else {
                reader.fail(line, "'\(combinator)' must be alone in its condition; nest the other tests inside it")
                return nil
            }
            let value = mapping[combinator]!
            if combinator == "not" {
                return parseCondition(value).map(Condition.not)
            }
            guard let items = reader.sequence(value, "'\(combinator)'") else { return nil }
            guard !items.isEmpty else {
                reader.fail(line, "'\(combinator)' needs at least one condition")
                return nil
            }
            let children = items.compactMap { parseCondition($0) }
            guard children.count == items.count else { return nil }
            return combinator == "all" ? .all(children) : .any(children)
        }
        return parseTest(mapping).map(Condition.test)
    }

    private mutating func parseTest(_ mapping: YAMLReader.Mapping) -> FactTest? {
        let line = mapping.line
        let operators = mapping.entries.filter { $0.key != "fact" }
        for entry in operators where !Comparison.operatorNames.contains(entry.key) {
            reader.fail(entry.line, "unknown operator '\(entry.key)'"
                + YAMLReader.suggestion(for: entry.key, among: Comparison.operatorNames + ["all", "any", "not"]))
            return nil
        }
        guard let factNode = mapping["fact"] else {
            reader.fail(line, "a condition needs a fact (or all / any / not)")
            return nil
        }
        guard let name = reader.string(factNode, "fact") else { return nil }
        guard let fact = HandoffFact(name: name) else {
            reader.fail(mapping.line(of: "fact"),
                        "unknown fact '\(name)'" + YAMLReader.suggestion(for: name, among: HandoffFact.allCases.map(\.name)))
            return nil
        }
        guard operators.count == 1, let entry = operators.first else {
            reader.fail(line, "a condition on \(fact.name) needs exactly one operator (\(Comparison.operatorNames.joined(separator: ", ")))")
            return nil
        }
        return parseComparison(entry, on: fact).map { FactTest(fact: fact, comparison: $0) }
    }

    private mutating func parseComparison(_ entry: YAMLReader.Mapping.Entry, on fact: HandoffFact) -> Comparison? {
        let operand = entry.value
        switch entry.key {
        case "eq", "ne":
            guard let value = reader.factValue(operand, for: fact) else { return nil }
            return entry.key == "eq" ? .equals(value) : .notEquals(value)
        case "in":
            guard let items = reader.sequence(operand, "'in' on \(fact.name)") else { return nil }
            guard !items.isEmpty else {
                reader.fail(entry.line, "'in' on \(fact.name) needs at least one value")
                return nil
            }
            let values = items.compactMap { reader.factValue($0, for: fact) }
            return values.count == items.count ? .isIn(values) : nil
        case "gte", "lte":
            guard fact.kind == .integer else {
                reader.fail(entry.line, "'\(entry.key)' compares numbers; \(fact.name) is \(fact.kind.rawValue)")
                return nil
            }
            guard let bound = reader.integer(operand, "'\(entry.key)' on \(fact.name)") else { return nil }
            return entry.key == "gte" ? .atLeast(bound) : .atMost(bound)
        case "has_phrase":
            guard fact == .utteranceText else {
                reader.fail(entry.line, "'has_phrase' applies to utterance.text, not \(fact.name)")
                return nil
            }
            return parsePhraseOperand(operand)
        default:
            guard fact.kind == .text else {
                reader.fail(entry.line, "'matches' applies to text facts; \(fact.name) is \(fact.kind.rawValue)")
                return nil
            }
            guard let pattern = reader.nonEmptyString(operand, "the pattern of 'matches'") else { return nil }
            do {
                regularExpressions[pattern] = try NSRegularExpression(pattern: pattern)
            } catch {
                reader.fail(entry.line, "'matches' has an invalid regular expression '\(pattern)'")
                return nil
            }
            return .matches(pattern: pattern)
        }
    }

    /// `$phrases.<name>`, one phrase, or a list of phrases.
    private mutating func parsePhraseOperand(_ node: Node) -> Comparison? {
        if let text = node.scalar?.string {
            guard text.hasPrefix("$") else {
                return phrase(node, in: "has_phrase").map { .hasPhrase(list: nil, phrases: [$0]) }
            }
            let prefix = "$phrases."
            let name = text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : ""
            guard let list = phraseLists.first(where: { $0.name == name }) else {
                let known = phraseLists.map { prefix + $0.name }
                reader.fail(YAMLReader.line(of: node),
                            "unknown phrase list '\(text)'" + YAMLReader.suggestion(for: text, among: known))
                return nil
            }
            return .hasPhrase(list: name, phrases: list.phrases)
        }
        guard let items = reader.sequence(node, "'has_phrase'") else { return nil }
        guard !items.isEmpty else {
            reader.fail(YAMLReader.line(of: node), "'has_phrase' needs at least one phrase")
            return nil
        }
        let phrases = items.compactMap { phrase($0, in: "has_phrase") }
        return phrases.count == items.count ? .hasPhrase(list: nil, phrases: phrases) : nil
    }
}
