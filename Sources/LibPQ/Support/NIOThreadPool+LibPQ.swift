import NIOPosix

extension NIOThreadPool {
    /// `runIfActive` for libpq calls. A thread pool that was never started, or is
    /// shut down, refuses work with a bare `CancellationError`; outside a cancelled
    /// task that becomes an error that says what is wrong.
    func runLibPQ<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
        do {
            return try await runIfActive(body)
        } catch is CancellationError where !Task.isCancelled {
            throw PostgresError(
                kind: .connection,
                message: "the NIOThreadPool for libpq calls is not running (start it, and shut it down after the pool)"
            )
        }
    }
}
