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
    private struct Entry {
        let sql: String
        let types: [Oid]
        let name: String
        var lastUse: UInt64

        func isStatement(of key: PreparedStatementKey) -> Bool {
            sql == key.sql && types.elementsEqual(key.types)
        }
    }

    let capacity: Int
    /// By the key's fingerprint: looking a statement up builds no key of its own
    /// (copying the bind types into an array and hashing them cost about 2.6k
    /// instructions a query).
    private var entries: [Int: [Entry]] = [:]
    private var count = 0
    /// Dropped from `entries` but not yet deallocated on the server.
    private(set) var stale: [String] = []
    private var clock: UInt64 = 0
    private var lastNumber = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    var hasRoom: Bool {
        count + stale.count < capacity
    }

    /// The name prepared for `key`, now the most recently used; nil when not prepared.
    mutating func use(_ key: PreparedStatementKey) -> String? {
        guard let bucket = entries.index(forKey: key.fingerprint),
              let position = entries.values[bucket].firstIndex(where: { $0.isStatement(of: key) })
        else { return nil }
        clock += 1
        entries.values[bucket][position].lastUse = clock
        return entries.values[bucket][position].name
    }

    /// A name no statement of this connection has had: `jiri_p1`, `jiri_p2`, ...
    mutating func makeName() -> String {
        lastNumber += 1
        return "jiri_p\(lastNumber)"
    }

    /// Records `key`'s statement, which `use` did not find.
    mutating func insert(_ name: String, for key: PreparedStatementKey) {
        clock += 1
        let entry = Entry(sql: key.sql, types: Array(key.types), name: name, lastUse: clock)
        entries[key.fingerprint, default: []].append(entry)
        count += 1
    }

    /// Forgets the statement named `name`. When the server still holds it, its name
    /// is kept as stale until it is deallocated.
    mutating func remove(named name: String, stillOnServer: Bool) {
        guard let bucket = entries.firstIndex(where: { $0.value.contains { $0.name == name } }) else { return }
        entries.values[bucket].removeAll { $0.name == name }
        if entries.values[bucket].isEmpty {
            entries.remove(at: bucket)
        }
        count -= 1
        if stillOnServer {
            stale.append(name)
        }
    }

    /// Moves the least recently used statement to `stale`.
    mutating func evictLeastRecentlyUsed() {
        guard let oldest = entries.values.joined().min(by: { $0.lastUse < $1.lastUse }) else { return }
        remove(named: oldest.name, stillOnServer: true)
    }

    /// The stale names, which the caller deallocates now.
    mutating func takeStale() -> [String] {
        defer { stale = [] }
        return stale
    }

    /// Forgets everything: the session that held the statements has ended.
    mutating func removeAll() {
        entries = [:]
        count = 0
        stale = []
    }
}
