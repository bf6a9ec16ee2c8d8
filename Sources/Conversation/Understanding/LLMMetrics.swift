import Metrics

/// `jiri_llm_requests_total{outcome}` and `jiri_llm_request_duration_seconds`.
enum LLMMetrics {
    enum Outcome: String {
        /// A tool call that named a catalog tool with valid arguments.
        case toolCall = "tool_call"
        /// The model answered in text.
        case noTool = "no_tool"
        case timeout
        /// Transport failure, non-2xx, malformed body, unknown tool or bad arguments.
        case error
    }

    static func record(_ outcome: Outcome, elapsed: Duration) {
        Counter(label: "jiri_llm_requests_total", dimensions: [("outcome", outcome.rawValue)]).increment()
        Metrics.Timer(label: "jiri_llm_request_duration_seconds").record(duration: elapsed)
    }
}
