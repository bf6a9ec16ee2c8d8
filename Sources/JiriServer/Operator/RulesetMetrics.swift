import Metrics
import Synchronization

/// Ruleset loads on `/metrics`: `jiri_handoff_ruleset_loads_total{origin, outcome}` and
/// `jiri_handoff_ruleset_active{revision}` (1 for the revision this process serves, 0 for those
/// it served before).
enum RulesetMetrics {
    private static let served = Mutex<String?>(nil)

    static func recordLoad(origin: String, revision: String) {
        Counter(label: "jiri_handoff_ruleset_loads_total", dimensions: [("origin", origin), ("outcome", "applied")])
            .increment()
        let previous = served.withLock { served in
            defer { served = revision }
            return served
        }
        if let previous, previous != revision {
            Gauge(label: "jiri_handoff_ruleset_active", dimensions: [("revision", previous)]).record(0)
        }
        Gauge(label: "jiri_handoff_ruleset_active", dimensions: [("revision", revision)]).record(1)
    }

    static func recordRejection(origin: String) {
        Counter(label: "jiri_handoff_ruleset_loads_total", dimensions: [("origin", origin), ("outcome", "rejected")])
            .increment()
    }
}
