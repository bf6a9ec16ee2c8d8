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

        /// The bind types, the SQL's length and its first and last 64 bytes: a
        /// turn's commit is 2 KB of SQL, and hashing all of it on every query (twice)
        /// cost 3 % of a turn. Keys whose samples agree only share a bucket;
        /// equality still compares the whole text.
        func hash(into hasher: inout Hasher) {
            hasher.combine(types)
            var sql = sql
            sql.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(64))))
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(64))))
            }
        }
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
        guard let index = entries.index(forKey: key) else { return nil }
        clock += 1
        entries.values[index].lastUse = clock
        return entries.values[index].name
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
