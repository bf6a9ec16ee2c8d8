import Handoff
import Metrics

/// Per-rule counters on `/metrics`, by ruleset revision (README: "Operating the
/// handoff rules"): the first match of each stage, the deciding rule, and the
/// rules in shadow mode that would have matched.
final class HandoffRuleCounters: Sendable {
    private struct Key: Hashable, Sendable {
        var event: String
        var rule: String
        var revision: String
    }

    private let counters = MetricCache { (key: Key) in
        Counter(label: "jiri_handoff_rule_\(key.event)_total", dimensions: [("rule", key.rule), ("revision", key.revision)])
    }

    func record(_ decision: HandoffDecision) {
        for rule in [decision.vetoRule, decision.triggerRule, decision.deliveryRule] {
            if let rule { increment("matched", rule, decision.rulesetRevision) }
        }
        if let rule = decision.rule { increment("decided", rule, decision.rulesetRevision) }
        for rule in decision.shadowMatches { increment("shadow_matched", rule, decision.rulesetRevision) }
    }

    private func increment(_ event: String, _ rule: String, _ revision: String) {
        counters[Key(event: event, rule: rule, revision: revision)].increment()
    }
}
