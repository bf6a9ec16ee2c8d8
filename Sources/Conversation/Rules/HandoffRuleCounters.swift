import Handoff
import Metrics

/// Per-rule counters on `/metrics`, by ruleset revision (README: "Operating the
/// handoff rules"): the first match of each stage, the deciding rule, and the
/// rules in shadow mode that would have matched.
enum HandoffRuleCounters {
    static func record(_ decision: HandoffDecision) {
        let matched = [decision.vetoRule, decision.triggerRule, decision.deliveryRule].compactMap { $0 }
        increment("matched", matched, decision.rulesetRevision)
        increment("decided", decision.rule.map { [$0] } ?? [], decision.rulesetRevision)
        increment("shadow_matched", decision.shadowMatches, decision.rulesetRevision)
    }

    private static func increment(_ event: String, _ rules: [String], _ revision: String) {
        for rule in rules {
            Counter(label: "jiri_handoff_rule_\(event)_total", dimensions: [("rule", rule), ("revision", revision)]).increment()
        }
    }
}
