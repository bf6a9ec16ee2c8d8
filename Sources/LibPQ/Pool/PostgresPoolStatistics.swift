/// A snapshot of the pool, for metrics.
public struct PostgresPoolStatistics: Sendable, Equatable {
    /// Connections open or being opened.
    public var open: Int
    /// Open connections waiting to be lent.
    public var idle: Int
    /// Connections lent to a caller (or being opened for one).
    public var inUse: Int
    /// Callers waiting for a connection.
    public var waiting: Int
    public var maxConnections: Int

    public init(open: Int, idle: Int, inUse: Int, waiting: Int, maxConnections: Int) {
        self.open = open
        self.idle = idle
        self.inUse = inUse
        self.waiting = waiting
        self.maxConnections = maxConnections
    }
}
