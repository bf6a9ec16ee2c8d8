/// Why the model's answer was not used. `reason` goes into the tool trace
/// (`llm:timeout→matcher`) and the logs; `detail` only into the logs. Neither
/// ever holds a response body or the user's words.
struct ModelFailure: Error, Sendable {
    var reason: String
    var detail: String

    /// No complete answer within the time budget.
    var isTimeout: Bool { reason == "timeout" }

    static func timeout(after budget: Duration) -> ModelFailure {
        ModelFailure(reason: "timeout", detail: "no answer within \(budget.milliseconds) ms")
    }

    static func unreachable(_ detail: String) -> ModelFailure {
        ModelFailure(reason: "unreachable", detail: detail)
    }

    static func status(_ code: UInt) -> ModelFailure {
        ModelFailure(reason: "http_\(code)", detail: "the server answered HTTP \(code)")
    }

    static func badResponse(_ detail: String) -> ModelFailure {
        ModelFailure(reason: "bad_response", detail: detail)
    }

    static func unknownTool(_ name: String) -> ModelFailure {
        ModelFailure(reason: "unknown_tool", detail: "the model called \(name), which is not in the catalog")
    }

    static func badArguments(_ detail: String) -> ModelFailure {
        ModelFailure(reason: "bad_arguments", detail: detail)
    }
}
