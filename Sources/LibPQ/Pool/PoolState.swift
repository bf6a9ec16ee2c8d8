import ConnectionSupport

/// The pool's bookkeeping, changed only under the pool's lock. Methods decide;
/// the pool performs the effects (resuming waiters, opening and closing
/// connections) after releasing the lock.
struct PoolState {
    /// What a caller receives: an idle connection, or a slot in which to open one.
    enum Lease: Sendable {
        case idle(PostgresConnection)
        case open
    }

    typealias Waiter = WaitingLine<Lease>.Waiter

    let maxConnections: Int
    /// Most recently returned last, so busy periods reuse warm connections.
    private(set) var idle: [PostgresConnection] = []
    /// Connections lent out, including slots whose connection is still opening.
    private(set) var leased = 0
    /// Callers waiting for a connection, first come, first served.
    var line = WaitingLine<Lease>()
    private(set) var isClosed = false

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var statistics: PostgresPoolStatistics {
        PostgresPoolStatistics(
            open: idle.count + leased,
            idle: idle.count,
            inUse: leased,
            waiting: line.count,
            maxConnections: maxConnections
        )
    }

    /// An idle connection or a free slot, or nil when the caller must wait.
    mutating func lease() -> Lease? {
        if let connection = idle.popLast() {
            leased += 1
            return .idle(connection)
        }
        guard idle.count + leased < maxConnections else { return nil }
        leased += 1
        return .open
    }

    /// A connection comes back. A reusable one goes to the first waiter or the idle
    /// list; a broken one (already closed by the caller) frees its slot, which the
    /// first waiter gets to open a new connection in. Returns the connection to
    /// close (when the pool is closed) and the waiter to resume.
    mutating func checkIn(
        _ connection: PostgresConnection,
        reusable: Bool
    ) -> (close: PostgresConnection?, resume: (Waiter, Lease)?) {
        leased -= 1
        if isClosed { return (reusable ? connection : nil, nil) }
        guard reusable else { return (nil, handOffFreeSlot()) }
        guard let waiter = line.removeFirst() else {
            idle.append(connection)
            return (nil, nil)
        }
        leased += 1
        return (nil, (waiter, .idle(connection)))
    }

    /// Opening a connection in a leased slot failed: the slot is free again.
    mutating func openFailed() -> (Waiter, Lease)? {
        leased -= 1
        return isClosed ? nil : handOffFreeSlot()
    }

    /// Stops lending; returns what must be closed and failed.
    mutating func close() -> (idle: [PostgresConnection], waiters: [Waiter]) {
        guard !isClosed else { return ([], []) }
        isClosed = true
        defer { idle = [] }
        return (idle, line.removeAll())
    }

    private mutating func handOffFreeSlot() -> (Waiter, Lease)? {
        guard let waiter = line.removeFirst() else { return nil }
        leased += 1
        return (waiter, .open)
    }
}
