import Foundation
import Yams

/// Turns a rules file into a `Ruleset`, collecting every problem with its line.
struct RulesetParser {
    private static let topLevelKeys = ["revision", "deep_links", "phrases"] + RuleStage.allCases.map(\.rawValue)
    private static let ruleKeys = [
        "id", "description", "mode", "rollout", "when", "handoff", "delivery", "deep_link", "say", "reason",
    ]

    var reader: YAMLReader
    var deepLinks: [DeepLinkTemplate] = []
    var phraseLists: [Ruleset.PhraseList] = []
    var regularExpressions: [String: NSRegularExpression] = [:]
    var ruleLines: [String: Int] = [:]

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
    mutating func phrase(_ node: Node, in what: String) -> String? {
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
}
