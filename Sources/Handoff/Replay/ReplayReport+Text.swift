import Foundation

extension ReplayReport {
    /// The report as `jiri rules replay` prints it.
    public var text: String {
        var lines: [String] = []
        let window = since.map { "since \($0)" } ?? "all stored turns"
        lines.append("Replayed \(Self.count(turns)) turns (\(window)) with candidate \(candidateRevision) "
            + "in \(String(format: "%.2f", elapsedSeconds)) s (\(Self.count(Int(turnsPerSecond))) turns/s)")
        if !storedRevisions.isEmpty {
            let revisions = storedRevisions.prefix(5).map { "\($0.revision.isEmpty ? "(none)" : $0.revision) \(Self.count($0.turns))" }
            let more = storedRevisions.count > 5 ? ", …" : ""
            lines.append("Stored decisions by revision: \(revisions.joined(separator: ", "))\(more)")
        }
        if undecodable > 0 {
            lines.append("Skipped \(Self.count(undecodable)) turns whose stored facts could not be read, e.g.:")
            lines.append(contentsOf: undecodableExamples.map { "  \($0)" })
        }
        let change = (handoffRateAfter - handoffRateBefore) * 100
        lines.append("Handoff rate: \(Self.percent(handoffRateBefore)) → \(Self.percent(handoffRateAfter)) "
            + "(\(change >= 0 ? "+" : "")\(String(format: "%.2f", change)) points)")
        lines.append("Flips: \(Self.count(flips)) (\(Self.count(flipsToHandoff)) to handoff, "
            + "\(Self.count(flipsToVoice)) to voice); same outcome, other rule: \(Self.count(ruleChanges))")

        if !changes.isEmpty {
            lines.append("")
            lines.append("Changes (stored → candidate):")
            let labels = changes.map { "\(Self.side($0.fromRule, $0.fromHandoff)) → \(Self.side($0.toRule, $0.toHandoff))" }
            let width = labels.map(\.count).max() ?? 0
            for (change, label) in zip(changes, labels) {
                let kind = change.flipped ? "FLIP" : "rule"
                lines.append("  \(kind)  \(label.padding(toLength: width, withPad: " ", startingAt: 0))  "
                    + "\(Self.count(change.count).leftPadded(to: 9))  e.g. \(change.exampleTurns.joined(separator: ", "))")
            }
        }

        let active = rules.filter { $0.decidedBefore + $0.decidedAfter > 0 }
        guard !active.isEmpty else { return lines.joined(separator: "\n") }
        lines.append("")
        lines.append("Turns decided per rule (rules that decided none are left out):")
        let width = max(4, active.map { $0.rule.count + ($0.inCandidate ? 0 : 10) }.max() ?? 0)
        lines.append("  \("rule".padding(toLength: width, withPad: " ", startingAt: 0))     before      after  flips from  flips to")
        for rule in active {
            let name = rule.rule + (rule.inCandidate ? "" : " (removed)")
            lines.append("  \(name.padding(toLength: max(width, name.count), withPad: " ", startingAt: 0))"
                + "\(Self.count(rule.decidedBefore).leftPadded(to: 11))\(Self.count(rule.decidedAfter).leftPadded(to: 11))"
                + "\(Self.count(rule.flipsFrom).leftPadded(to: 12))\(Self.count(rule.flipsTo).leftPadded(to: 10))")
        }
        return lines.joined(separator: "\n")
    }

    private static func side(_ rule: String?, _ handoff: Bool) -> String {
        "\(rule ?? "(no rule)") [\(handoff ? "handoff" : "voice")]"
    }

    private static func percent(_ rate: Double) -> String {
        String(format: "%.2f%%", rate * 100)
    }

    /// A count with thousands separators: 1,000,000.
    private static func count(_ value: Int) -> String {
        value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
