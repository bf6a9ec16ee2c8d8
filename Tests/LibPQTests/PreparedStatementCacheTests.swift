import CLibPQ
@testable import LibPQ
import Testing

/// The cache finds a statement only by its whole SQL and every bind type, whatever
/// their fingerprints share.
@Suite struct PreparedStatementCacheTests {
    private static let longSQL = "SELECT " + String(repeating: "1, ", count: 100) + "1"

    private static func use(_ cache: inout PreparedStatementCache, _ sql: String, _ types: [Oid]) -> String? {
        types.withUnsafeBufferPointer { cache.use(PreparedStatementKey(sql: sql, types: $0.baseAddress, count: Int32($0.count))) }
    }

    private static func insert(_ cache: inout PreparedStatementCache, _ sql: String, _ types: [Oid]) -> String {
        let name = cache.makeName()
        types.withUnsafeBufferPointer {
            cache.insert(name, for: PreparedStatementKey(sql: sql, types: $0.baseAddress, count: Int32($0.count)))
        }
        return name
    }

    @Test func findsTheStatementByItsSQLAndTypes() {
        var cache = PreparedStatementCache(capacity: 8)
        let name = Self.insert(&cache, "SELECT $1", [25])
        #expect(Self.use(&cache, "SELECT $1", [25]) == name)
        #expect(Self.use(&cache, "SELECT $1", [0]) == nil)
        #expect(Self.use(&cache, "SELECT $1", []) == nil)
        #expect(Self.use(&cache, "SELECT $2", [25]) == nil)
    }

    @Test func tellsApartTextsThatDifferOnlyInTheMiddle() {
        var cache = PreparedStatementCache(capacity: 8)
        var middle = Array(Self.longSQL.utf8)
        middle[middle.count / 2] = UInt8(ascii: "2")
        let other = String(decoding: middle, as: UTF8.self)
        let first = Self.insert(&cache, Self.longSQL, [20])
        #expect(Self.use(&cache, other, [20]) == nil)
        let second = Self.insert(&cache, other, [20])
        #expect(Self.use(&cache, Self.longSQL, [20]) == first)
        #expect(Self.use(&cache, other, [20]) == second)
        #expect(first != second)
    }

    @Test func evictsTheLeastRecentlyUsedAndKeepsItStale() {
        var cache = PreparedStatementCache(capacity: 2)
        let first = Self.insert(&cache, "SELECT 1", [])
        let second = Self.insert(&cache, "SELECT 2", [])
        #expect(!cache.hasRoom)
        _ = Self.use(&cache, "SELECT 1", [])
        cache.evictLeastRecentlyUsed()
        #expect(cache.stale == [second])
        #expect(Self.use(&cache, "SELECT 2", []) == nil)
        #expect(Self.use(&cache, "SELECT 1", []) == first)
        #expect(!cache.hasRoom)
        #expect(cache.takeStale() == [second])
        #expect(cache.hasRoom)
    }

    @Test func removesByNameWithOrWithoutTheServer() {
        var cache = PreparedStatementCache(capacity: 4)
        let first = Self.insert(&cache, "SELECT 1", [])
        let second = Self.insert(&cache, "SELECT 2", [])
        cache.remove(named: first, stillOnServer: false)
        cache.remove(named: second, stillOnServer: true)
        #expect(cache.stale == [second])
        #expect(Self.use(&cache, "SELECT 1", []) == nil)
        #expect(Self.use(&cache, "SELECT 2", []) == nil)
        cache.removeAll()
        #expect(cache.stale.isEmpty)
        #expect(Self.insert(&cache, "SELECT 1", []) == "jiri_p3")
    }
}
