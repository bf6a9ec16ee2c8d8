/// The one timer of a ``WaitingLine``: sleeps until the front waiter's
/// deadline, fails the waiters whose time is up, and ends when the line is empty.
package enum WaitingLineSweeper {
    /// Starts a sweeper for the line that `sweep` reaches under the pool's lock.
    /// Detached: it serves the pool, not the borrower whose arrival started it.
    package static func start<Grant: Sendable>(
        sweep: @escaping @Sendable (ContinuousClock.Instant) -> (expired: [WaitingLine<Grant>.Waiter], next: ContinuousClock.Instant?),
        expire: @escaping @Sendable (WaitingLine<Grant>.Waiter) -> Void
    ) {
        Task.detached {
            var now = ContinuousClock.now
            while true {
                let (expired, next) = sweep(now)
                expired.forEach(expire)
                guard let next else { return }
                try? await Task.sleep(until: next, clock: .continuous)
                now = ContinuousClock.now
            }
        }
    }
}
