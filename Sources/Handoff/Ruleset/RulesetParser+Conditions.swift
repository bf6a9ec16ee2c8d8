import Foundation
import Yams

/// `when:` conditions: `all` / `any` / `not` over `{fact: <name>, <operator>: <operand>}`,
/// typed by the fact, with phrase lists resolved and patterns compiled at load.
extension RulesetParser {
    mutating func parseCondition(_ node: Node) -> Condition? {
        let line = YAMLReader.line(of: node)
        guard let mapping = reader.mapping(node, "a condition") else { return nil }
        let keys = mapping.entries.map(\.key)
        for combinator in ["all", "any", "not"] {
            guard let value = mapping[combinator] else { continue }
            guard keys.count == 1 else {
                reader.fail(line, "'\(combinator)' must be alone in its condition; nest the other tests inside it")
                return nil
            }
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
            guard fact == .utteranceText || fact == .utteranceRequest else {
                reader.fail(entry.line, "'has_phrase' applies to utterance.text and utterance.request, not \(fact.name)")
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
