extension Locked {
    /// A pool's acquire: `decide` runs under the lock and returns a grant (or a
    /// refusal) now, or nil, and the caller then waits at the back of `line` until
    /// the pool hands it a grant, `timeout` passes (it gets `timedOut()`), its task
    /// is cancelled or the pool fails it. Deciding and enqueueing happen under one
    /// lock, so a connection released in between is never missed; the task's
    /// cancellation is checked under it too, so a cancellation that ran before the
    /// waiter was queued is not missed either.
    ///
    /// The line's one timer starts here when a waiter finds none running: it
    /// sleeps until the front waiter's deadline, fails the waiters whose time is
    /// up, and ends when the line is empty.
    @inlinable
    public func waitInLine<Grant: Sendable>(
        _ line: WritableKeyPath<Value, WaitingLine<Grant>> & Sendable,
        timeout: Duration,
        decide: (inout Value) -> Result<Grant, any Error>?,
        timedOut: @escaping @Sendable () -> any Error
    ) async throws -> Grant {
        let id = withLock { $0[keyPath: line].makeWaiterID() }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                var mustStartTimer = false
                let decided: Result<Grant, any Error>? = withLock { value in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if let decided = decide(&value) { return decided }
                    mustStartTimer = value[keyPath: line].enqueue(id: id, deadline: .now + timeout, continuation: continuation)
                    return nil
                }
                if let decided {
                    continuation.resume(with: decided)
                }
                if mustStartTimer {
                    startTimer(line, timedOut: timedOut)
                }
            }
        } onCancel: {
            withLock { $0[keyPath: line].remove(id: id) }?.resume(with: .failure(CancellationError()))
        }
    }

    /// Detached: the timer serves the pool, not the borrower whose arrival started it.
    @usableFromInline
    func startTimer<Grant: Sendable>(
        _ line: WritableKeyPath<Value, WaitingLine<Grant>> & Sendable,
        timedOut: @escaping @Sendable () -> any Error
    ) {
        Task.detached {
            var now = ContinuousClock.now
            while true {
                let (expired, next) = self.withLock { $0[keyPath: line].sweep(now: now) }
                for waiter in expired {
                    waiter.resume(with: .failure(timedOut()))
                }
                guard let next else { return }
                try? await Task.sleep(until: next, clock: .continuous)
                now = ContinuousClock.now
            }
        }
    }
}
