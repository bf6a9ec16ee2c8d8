import Conversation
import JiriAPI
import Metrics

/// Turn counters and the latency histogram, by outcome; the handles kept
/// (``MetricCache``).
struct TurnMetrics: Sendable {
    private let durations = MetricCache { (outcome: String) in
        Timer(label: "jiri_turn_duration_seconds", dimensions: [("outcome", outcome)])
    }
    private let turns = MetricCache { (outcome: TurnOutcome) in
        Counter(label: "jiri_turns_total", dimensions: [
            ("intent", outcome.intentID ?? "none"),
            ("handoff", outcome.handoffToApp ? "true" : "false"),
            ("mode", outcome.mode),
        ])
    }

    func record(_ outcome: TurnOutcome, elapsed: Duration) {
        durations["answered"].recordNanoseconds(elapsed.nanoseconds)
        turns[outcome].increment()
    }

    func recordFailure(_ error: TurnError, elapsed: Duration) {
        let outcome: String
        switch error.kind {
        case .sessionBusy: outcome = "busy"
        case .sessionNotFound: outcome = "not_found"
        case .idempotencyConflict, .invalidRequest: outcome = "rejected"
        case .storeUnavailable: outcome = "store_unavailable"
        }
        durations[outcome].recordNanoseconds(elapsed.nanoseconds)
        if error.kind == .storeUnavailable {
            Counter(label: "jiri_store_errors_total", dimensions: [("store", "postgres")]).increment()
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
