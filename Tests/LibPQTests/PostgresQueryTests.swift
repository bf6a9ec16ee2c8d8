import Foundation
import LibPQ
import Testing

@Suite struct PostgresQueryTests {
    @Test func interpolatedValuesBecomeNumberedPlaceholders() {
        let id = UUID()
        let name = "x'); DROP TABLE sessions; --"
        let query: PostgresQuery = "SELECT * FROM t WHERE id = \(id) AND name = \(name) AND n > \(42)"
        #expect(query.sql == "SELECT * FROM t WHERE id = $1 AND name = $2 AND n > $3")
        #expect(query.binds == [.uuid(id), .text(name), .int(42)])
    }

    @Test func placeholdersPastNineHaveEveryDigit() {
        let query: PostgresQuery = """
            SELECT \(1), \(2), \(3), \(4), \(5), \(6), \(7), \(8), \(9), \(10), \(11), \(12) -- é
            """
        #expect(query.sql == "SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 -- é")
        #expect(query.binds.count == 12)
    }

    @Test func nilOptionalBindsNull() {
        let missing: String? = nil
        let present: Int? = 7
        let query: PostgresQuery = "INSERT INTO t VALUES (\(missing), \(present))"
        #expect(query.sql == "INSERT INTO t VALUES ($1, $2)")
        #expect(query.binds == [.null, .int(7)])
    }

    @Test func unescapedTextIsInsertedVerbatim() {
        let table = "jiri_messages"
        let query: PostgresQuery = "SELECT count(*) FROM \(unescaped: table) WHERE seq = \(1)"
        #expect(query.sql == "SELECT count(*) FROM jiri_messages WHERE seq = $1")
        #expect(query.binds == [.int(1)])
    }

    @Test func descriptionNamesTheBindCountNotTheValues() {
        let secret = "my-api-key"
        let query: PostgresQuery = "SELECT \(secret)"
        #expect(!query.description.contains(secret))
        #expect(query.description.contains("1 binds"))
    }

    @Test func preparedKeepsSQLAndBindsAndOnlySetsTheFlag() {
        let query: PostgresQuery = "SELECT * FROM t WHERE n = \(7)"
        let prepared = query.prepared()
        #expect(!query.isPrepared)
        #expect(prepared.isPrepared)
        #expect(prepared.sql == query.sql)
        #expect(prepared.binds == query.binds)
    }
}
