internal import CLibPQ

/// The statements prepared on one connection, by SQL text and bind type OIDs, in
/// least-recently-used order. A NULL bind is sent with type 0 (the server infers
/// it), so the same SQL with a NULL and with a value is two statements.
///
/// It counts, besides the statements it can find, the ones it dropped that the
/// server may still hold (`stale`), so the server never holds more than `capacity`
/// of them for this connection. Names are per session: a new session (reconnect)
/// starts empty.
struct PreparedStatementCache {
    struct Key: Hashable {
        var sql: String
        var types: [Oid]
    }

    private struct Entry {
        var name: String
        var lastUse: UInt64
    }

    let capacity: Int
    private var entries: [Key: Entry] = [:]
    /// Dropped from `entries` but not yet deallocated on the server.
    private(set) var stale: [String] = []
    private var clock: UInt64 = 0
    private var lastNumber = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var hasRoom: Bool {
        entries.count + stale.count < capacity
    }

    /// The name prepared for `key`, now the most recently used; nil when not prepared.
    mutating func use(_ key: Key) -> String? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]!.lastUse = clock
        return entries[key]!.name
    }

    /// A name no statement of this connection has had: `jiri_p1`, `jiri_p2`, ...
    mutating func makeName() -> String {
        lastNumber += 1
        return "jiri_p\(lastNumber)"
    }

    mutating func insert(_ name: String, for key: Key) {
        clock += 1
        entries[key] = Entry(name: name, lastUse: clock)
    }

    /// Forgets `key`'s statement. When the server still holds it, its name is kept
    /// as stale until it is deallocated.
    mutating func remove(_ key: Key, stillOnServer: Bool) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        if stillOnServer {
            stale.append(entry.name)
        }
    }

    /// Moves the least recently used statement to `stale`.
    mutating func evictLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        remove(oldest.key, stillOnServer: true)
    }

    /// The stale names, which the caller deallocates now.
    mutating func takeStale() -> [String] {
        defer { stale = [] }
        return stale
    }

    /// Forgets everything: the session that held the statements has ended.
    mutating func removeAll() {
        entries = [:]
        stale = []
    }
}
