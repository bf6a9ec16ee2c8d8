import ConnectionSupport

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

    typealias Waiter = WaitingLine<Grant>.Waiter

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
    /// Borrowers waiting for a connection, first come, first served.
    var line = WaitingLine<Grant>()
    private(set) var isClosed = false
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var statistics: RedisPoolStatistics {
        RedisPoolStatistics(open: self.idle.count + self.lent, idle: self.idle.count, inUse: self.lent, waiting: self.line.count)
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
        defer { self.idle.removeAll() }
        return (self.idle, self.line.removeAll())
    }

    /// Registers a continuation resumed once every lent connection is back; `false` when none is out.
    mutating func waitUntilAllReturned(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard self.lent > 0 else { return false }
        self.closeWaiters.append(continuation)
        return true
    }

    private mutating func serveFirstWaiter() -> Waiter? {
        guard let waiter = self.line.removeFirst() else { return nil }
        self.lent += 1
        return waiter
    }

    private mutating func closeCompletedIfIdle() -> [CheckedContinuation<Void, Never>] {
        guard self.lent == 0 else { return [] }
        defer { self.closeWaiters.removeAll() }
        return self.closeWaiters
    }
}
