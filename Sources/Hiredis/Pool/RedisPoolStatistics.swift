/// A snapshot of a ``RedisPool``'s connections.
public struct RedisPoolStatistics: Sendable, Hashable {
    /// Connections open or being opened: `idle + inUse`.
    public var open: Int
    /// Open connections waiting to be lent.
    public var idle: Int
    /// Connections lent to callers, including ones being opened for a caller.
    public var inUse: Int
    /// Callers waiting for a connection because `maxConnections` are in use.
    public var waiting: Int

    public init(open: Int, idle: Int, inUse: Int, waiting: Int) {
        self.open = open
        self.idle = idle
        self.inUse = inUse
        self.waiting = waiting
    }
}
