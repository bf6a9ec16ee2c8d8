/// The bookkeeping of a ``RedisPool``: which connections are idle, how many are lent, who waits.
///
/// It only decides; the pool performs what it decides (connecting, closing, resuming waiters)
/// outside the lock, so no critical section ever waits on the network.
struct PoolState {
    /// What a borrower receives.
    enum Grant: Sendable {
        /// An idle connection that passed its health check.
        case connection(RedisConnection)
        /// A slot under `maxConnections`: the borrower opens a new connection.
        case permitToConnect
    }

    enum Decision {
        case granted(Grant)
        case mustWait
        case closed
    }

    struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Grant, any Error>
        /// Fails the waiter with an acquire timeout; cancelled once the waiter is served.
        let timer: Task<Void, Never>

        func resume(with result: Result<Grant, any Error>) {
            self.timer.cancel()
            self.continuation.resume(with: result)
        }
    }

    /// What the pool must do after a connection comes back or a connect attempt fails.
    struct Handover {
        var waiter: Waiter?
        var grant: Grant = .permitToConnect
        var connectionToClose: RedisConnection?
        var closeCompleted: [CheckedContinuation<Void, Never>] = []
    }

    let maxConnections: Int
    private var idle: [RedisConnection] = []
    /// Connections lent out, plus slots whose connection is being opened for a borrower.
    private var lent = 0
    /// First come, first served.
    private var waiters: [Waiter] = []
    private var nextWaiterID = 0
    private(set) var isClosed = false
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var statistics: RedisPoolStatistics {
        RedisPoolStatistics(open: self.idle.count + self.lent, idle: self.idle.count, inUse: self.lent, waiting: self.waiters.count)
    }

    mutating func makeWaiterID() -> Int {
        self.nextWaiterID += 1
        return self.nextWaiterID
    }

    /// Lends the most recently used healthy idle connection, else a permit to connect while under
    /// `maxConnections`. Idle connections found broken (e.g. the server restarted) are removed and
    /// returned in `stale` for the caller to close.
    mutating func acquire(stale: inout [RedisConnection]) -> Decision {
        guard !self.isClosed else { return .closed }
        while let connection = self.idle.popLast() {
            if connection.isHealthy {
                self.lent += 1
                return .granted(.connection(connection))
            }
            stale.append(connection)
        }
        guard self.lent < self.maxConnections else { return .mustWait }
        self.lent += 1
        return .granted(.permitToConnect)
    }

    mutating func enqueue(_ waiter: Waiter) {
        self.waiters.append(waiter)
    }

    /// Removes a waiter that timed out or was cancelled; `nil` when it was already served.
    mutating func removeWaiter(id: Int) -> Waiter? {
        guard let index = self.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return self.waiters.remove(at: index)
    }

    /// Takes back a lent connection: a healthy one goes to the first waiter or to the idle list; a
    /// broken one is closed and its slot goes to the first waiter as a permit to reconnect.
    mutating func release(_ connection: RedisConnection, healthy: Bool) -> Handover {
        self.lent -= 1
        var handover = Handover()
        if self.isClosed || !healthy {
            handover.connectionToClose = connection
            if self.isClosed {
                handover.closeCompleted = self.closeCompletedIfIdle()
            } else {
                handover.waiter = self.serveFirstWaiter()
            }
            return handover
        }
        if let waiter = self.serveFirstWaiter() {
            handover.waiter = waiter
            handover.grant = .connection(connection)
        } else {
            self.idle.append(connection)
        }
        return handover
    }

    /// Gives back the slot of a connect attempt that failed.
    mutating func connectFailed() -> Handover {
        self.lent -= 1
        var handover = Handover()
        if self.isClosed {
            handover.closeCompleted = self.closeCompletedIfIdle()
        } else {
            handover.waiter = self.serveFirstWaiter()
        }
        return handover
    }

    /// Refuses new borrowers and returns what the pool must close and fail now.
    mutating func close() -> (idle: [RedisConnection], waiters: [Waiter]) {
        self.isClosed = true
        defer {
            self.idle.removeAll()
            self.waiters.removeAll()
        }
        return (self.idle, self.waiters)
    }

    /// Registers a continuation resumed once every lent connection is back; `false` when none is out.
    mutating func waitUntilAllReturned(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard self.lent > 0 else { return false }
        self.closeWaiters.append(continuation)
        return true
    }

    private mutating func serveFirstWaiter() -> Waiter? {
        guard !self.waiters.isEmpty else { return nil }
        self.lent += 1
        return self.waiters.removeFirst()
    }

    private mutating func closeCompletedIfIdle() -> [CheckedContinuation<Void, Never>] {
        guard self.lent == 0 else { return [] }
        defer { self.closeWaiters.removeAll() }
        return self.closeWaiters
    }
}
