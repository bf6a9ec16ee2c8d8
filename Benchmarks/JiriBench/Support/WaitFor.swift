import Dispatch

/// Runs `body` in a task and blocks the calling (main) thread until it ends.
func waitFor(_ body: @escaping @Sendable () async throws -> Void) throws {
    final class Outcome: @unchecked Sendable {
        // Written by the task before it signals, read after the wait: the
        // semaphore orders the two.
        var error: (any Error)?
    }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { try await body() } catch { outcome.error = error }
        done.signal()
    }
    done.wait()
    if let error = outcome.error { throw error }
}
