import Synchronization

/// The session-cache writes that finish after a turn's response is sent.
///
/// What a turn must not lose is committed to Postgres before it answers. What it then
/// writes to Redis (the session, the lease given back, the answer kept for retries)
/// only makes the next turn faster, so it runs behind the response and takes a Redis
/// round trip and two thread hand-offs off every turn's latency. The lease is held
/// until the write is done: the session's next turn finds either the new cached state
/// or a held lease, which it waits for and then reads the session from Postgres. A
/// retry that arrives meanwhile finds its key still running and waits for the answer.
///
/// Graceful shutdown waits for the writes in flight (``drain()``) before Redis closes.
public final class CacheWriteBehind: Sendable {
    private struct State {
        var running = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Runs `write` in a task of its own; the caller does not wait for it. The task is
    /// detached: a write needs none of the request's task-local values, and copying them
    /// into a child of every turn is work the turn's hot path can skip.
    func start(_ write: @escaping @Sendable () async -> Void) {
        state.withLock { $0.running += 1 }
        Task.detached {
            await write()
            let waiters = self.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.running -= 1
                guard state.running == 0 else { return [] }
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    /// The writes started and not yet finished.
    public var inFlight: Int {
        state.withLock { $0.running }
    }

    /// Returns once no write is in flight.
    public func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                if state.running == 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }
}
