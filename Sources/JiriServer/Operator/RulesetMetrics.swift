import Metrics
import Synchronization

/// Ruleset loads on `/metrics`: `jiri_handoff_ruleset_loads_total{origin, outcome}`, and
/// `jiri_handoff_ruleset_active{revision}`: how many reloaders of this process serve the
/// revision (1 for the served revision in a server, 0 for the ones it served before; tests run
/// several instances in one process).
enum RulesetMetrics {
    private static let serving = Mutex<[String: Int]>([:])

    /// A reloader went from serving `previous` (nil: it just started) to `revision`.
    static func recordLoad(origin: String, from previous: String?, to revision: String) {
        // The first load happens while the server is being built, before anything else has
        // touched the registry; without it the counts would go to swift-metrics' no-op default.
        _ = JiriMetrics.registry
        Counter(label: "jiri_handoff_ruleset_loads_total", dimensions: [("origin", origin), ("outcome", "applied")])
            .increment()
        let counts = serving.withLock { serving in
            if let previous { serving[previous, default: 1] -= 1 }
            serving[revision, default: 0] += 1
            return serving
        }
        if let previous, previous != revision {
            Gauge(label: "jiri_handoff_ruleset_active", dimensions: [("revision", previous)]).record(counts[previous] ?? 0)
        }
        Gauge(label: "jiri_handoff_ruleset_active", dimensions: [("revision", revision)]).record(counts[revision] ?? 0)
    }

    /// A reloader stopped serving `revision`.
    static func recordStop(serving revision: String) {
        let count = serving.withLock { serving in
            serving[revision, default: 1] -= 1
            return serving[revision] ?? 0
        }
        Gauge(label: "jiri_handoff_ruleset_active", dimensions: [("revision", revision)]).record(count)
    }

    static func recordRejection(origin: String) {
        Counter(label: "jiri_handoff_ruleset_loads_total", dimensions: [("origin", origin), ("outcome", "rejected")])
            .increment()
    }
}
