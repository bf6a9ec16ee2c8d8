import Synchronization

/// One tool execution against an app's backend: the deadline every request of
/// the execution shares, so two or three calls together still fit a voice
/// turn, and the steps taken, for `debug.tool_trace`.
public final class ConnectorCall: Sendable {
    public let deadline: ContinuousClock.Instant
    private let steps: Mutex<[String]>

    public init(budget: Duration, firstStep: String? = nil) {
        deadline = .now + budget
        steps = Mutex(firstStep.map { [$0] } ?? [])
    }

    /// Time left before the deadline; zero or negative once it has passed.
    public var remaining: Duration { deadline - .now }

    public func record(_ step: String) {
        steps.withLock { $0.append(step) }
    }

    /// Every step recorded so far, oldest first.
    public var trace: [String] {
        steps.withLock { $0 }
    }
}
