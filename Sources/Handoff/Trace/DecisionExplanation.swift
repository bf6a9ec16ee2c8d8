extension HandoffDecision {
    /// The decision and its trace as `jiri rules explain` prints them for an operator.
    public var explanation: String {
        var lines: [String] = []
        if handoff {
            lines.append("HANDOFF (\(delivery ?? DeliveryMode.openNow.rawValue)) by \(rule ?? "?")")
        } else if let rule, stage == RuleStage.veto.rawValue, let triggerRule {
            lines.append("NO HANDOFF by \(rule) (veto over trigger \(triggerRule))")
        } else if let rule {
            lines.append("NO HANDOFF by \(rule) (\(stage ?? "?"))")
        } else {
            lines.append("NO HANDOFF: no trigger matched")
        }
        lines.append("  revision      \(rulesetRevision)")
        if let reason { lines.append("  reason        \(reason)") }
        if let spokenSuffix { lines.append("  says          \"\(spokenSuffix)\"") }
        if let deepLinkTemplate { lines.append("  deep link     \(deepLinkTemplate)") }
        if !shadowMatches.isEmpty { lines.append("  shadow        \(shadowMatches.joined(separator: ", "))") }
        guard let trace else { return lines.joined(separator: "\n") }

        lines.append("  words         \(trace.words.joined(separator: " "))")
        for stage in trace.stages {
            lines.append("")
            let status = stage.consulted ? (stage.winner.map { "first match \($0)" } ?? "no match") : "not consulted"
            lines.append("\(stage.stage.rawValue): \(status)")
            for rule in stage.rules {
                lines.append("  \(Self.verdict(of: rule)) \(rule.id) (line \(rule.line))")
                Self.render(rule.condition, depth: 2, into: &lines)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func verdict(of rule: RuleTrace) -> String {
        let mark = rule.matched ? "[x]" : "[ ]"
        var notes: [String] = []
        if rule.won { notes.append("FIRST MATCH") }
        if rule.shadowMatch { notes.append("shadow match") } else if rule.mode == .shadow { notes.append("shadow") }
        if !rule.inRollout { notes.append("outside rollout") }
        if !rule.reached { notes.append("not reached") }
        return notes.isEmpty ? mark : "\(mark) \(notes.joined(separator: ", ")):"
    }

    private static func render(_ condition: ConditionTrace, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let result = condition.result ? "true" : "false"
        switch condition.kind {
        case .always:
            lines.append("\(indent)always → true")
        case .all, .any, .not:
            lines.append("\(indent)\(condition.kind.rawValue) → \(result)")
            for child in condition.children {
                render(child, depth: depth + 1, into: &lines)
            }
        case .test:
            var line = "\(indent)\(condition.fact ?? "?") \(condition.op ?? "?") \(condition.expected ?? "") → \(result)"
            if let actual = condition.actual {
                line += "   (\(condition.fact ?? "fact") = \(Self.quoted(actual)))"
            }
            if let phrase = condition.matchedPhrase {
                line += " found \"\(phrase)\""
            }
            lines.append(line)
        }
    }

    private static func quoted(_ value: FactValue) -> String {
        if case .text(let text) = value { "\"\(text)\"" } else { value.description }
    }
}
