import Foundation
import LibPQ
import Testing

private struct DeliberateFailure: Error {}

/// `PostgresQuery.prepared()`: one statement per SQL and bind types on each
/// connection, prepared on first use and executed by name afterwards.
@Suite struct PreparedStatementTests {
    private static let allTypes = "id bigserial, t text, i bigint, b boolean, d double precision, u uuid, "
        + "ts timestamptz, j jsonb, by bytea, arr text[]"

    /// A row of every bound type, or of NULLs, returned as stored.
    private static func insertRow(into table: String, filled: Bool) -> PostgresQuery {
        let text: String? = filled ? "text ✓ 'quoted'" : nil
        let integer: Int64? = filled ? .min : nil
        let flag: Bool? = filled ? true : nil
        let number: Double? = filled ? -1.5e-300 : nil
        let id: UUID? = filled ? UUID() : nil
        let stamp: Date? = filled ? Date(timeIntervalSince1970: 1_741_064_767.123456) : nil
        let json: PostgresJSONB? = filled ? PostgresJSONB(#"{"b": [1, 2.5, null], "a": "ü\"x"}"#) : nil
        let bytes: [UInt8]? = filled ? [0, 1, 0x7F, 0x80, 0xFF, 0x5C] : nil
        let array: [String]? = filled ? ["a", "b c", "NULL", ""] : nil
        return """
            INSERT INTO \(unescaped: table) (t, i, b, d, u, ts, j, by, arr)
            VALUES (\(text), \(integer), \(flag), \(number), \(id), \(stamp), \(json), \(bytes), \(array))
            RETURNING t, i, b, d, ts, j, by, arr
            """
    }

    @Test func aPreparedQueryReturnsExactlyWhatTheUnpreparedOneReturns() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: Self.allTypes) { table in
                for filled in [true, false] {
                    let query = Self.insertRow(into: table, filled: filled)
                    let unprepared = try LibPQTestSupport.texts(of: try await pool.query(query))
                    let prepared = try LibPQTestSupport.texts(of: try await pool.query(query.prepared()))
                    let preparedAgain = try LibPQTestSupport.texts(of: try await pool.query(query.prepared()))

                    let values = try #require(unprepared.first)
                    #expect(values.count == 8)
                    #expect(values.allSatisfy { ($0 != nil) == filled })
                    #expect(prepared == unprepared)
                    #expect(preparedAgain == unprepared)
                }
                let stored = try LibPQTestSupport.texts(of: try await pool.query(
                    "SELECT t, i, b, d, ts, j, by, arr FROM \(unescaped: table) ORDER BY id"
                ))
                #expect(stored.count == 6)
                #expect(Set(stored[0..<3].map { $0.description }).count == 1)
                #expect(Set(stored[3..<6].map { $0.description }).count == 1)
            }
        }
    }

    @Test func aSecondRunOnTheSameConnectionDoesNotPrepareAgain() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let query: PostgresQuery = "SELECT \(41) + 1 AS answer"
            let before = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }

            let first = try await pool.query(query.prepared()).first?.decode("answer", as: Int.self)
            let afterFirst = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }
            let second = try await pool.query(query.prepared()).first?.decode("answer", as: Int.self)
            let afterSecond = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }

            #expect(first == 42)
            #expect(second == 42)
            let added = afterFirst.filter { before[$0.key] == nil }
            #expect(added.count == 1)
            #expect(added.first?.value == query.sql)
            #expect(added.first?.key.hasPrefix("jiri_p") == true)
            #expect(afterSecond == afterFirst)
        }
    }

    @Test func aNullAndATypedBindOfTheSameSQLAreSeparateStatements() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v bigint") { table in
                func insert(_ value: Int?) -> PostgresQuery {
                    "INSERT INTO \(unescaped: table) (v) VALUES (\(value)) RETURNING v"
                }
                for _ in 0..<2 {
                    let missing = try await pool.query(insert(nil).prepared()).first?.decode("v", as: Int?.self)
                    let present = try await pool.query(insert(7).prepared()).first?.decode("v", as: Int?.self)
                    #expect(missing == .some(nil))
                    #expect(present == 7)
                }
                let statements = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }
                #expect(statements.values.filter { $0 == insert(nil).sql }.count == 2)
                let stored = try await pool.query("SELECT count(v) AS n, count(*) AS total FROM \(unescaped: table)").first
                #expect(try stored?.decode("n", as: Int.self) == 2)
                #expect(try stored?.decode("total", as: Int.self) == 4)
            }
        }
    }

    @Test func aChangedResultTypeIsPreparedAgainAndRunOutsideATransaction() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "a integer") { table in
                try await pool.query("INSERT INTO \(unescaped: table) (a) VALUES (\(1))")
                let select: PostgresQuery = "SELECT a FROM \(unescaped: table)"
                let before = try await pool.query(select.prepared()).first?.decode("a", as: String.self)
                let statementsBefore = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }

                try await pool.query("ALTER TABLE \(unescaped: table) ALTER COLUMN a TYPE text USING a || '!'")
                let after = try await pool.query(select.prepared()).first?.decode("a", as: String.self)
                let statementsAfter = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }

                #expect(before == "1")
                #expect(after == "1!")
                // The outdated statement was deallocated and a new one took its place.
                let namesBefore = statementsBefore.filter { $0.value == select.sql }.keys
                let namesAfter = statementsAfter.filter { $0.value == select.sql }.keys
                #expect(namesBefore.count == 1)
                #expect(namesAfter.count == 1)
                #expect(namesBefore.first != namesAfter.first)
            }
        }
    }

    @Test func aChangedResultTypeInsideATransactionFailsItThenThePreparedQueryWorksAgain() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "a integer") { table in
                try await pool.query("INSERT INTO \(unescaped: table) (a) VALUES (\(1))")
                let select: PostgresQuery = "SELECT a FROM \(unescaped: table)"
                try await pool.query(select.prepared())
                try await pool.query("ALTER TABLE \(unescaped: table) ALTER COLUMN a TYPE text USING a || '!'")

                let error = await #expect(throws: PostgresError.self) {
                    try await pool.withTransaction { connection in
                        try await connection.query(select.prepared())
                    }
                }
                #expect(error?.sqlState == "0A000")

                let after = try await pool.query(select.prepared()).first?.decode("a", as: String.self)
                #expect(after == "1!")
                let statements = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }
                #expect(statements.values.filter { $0 == select.sql }.count == 1)
            }
        }
    }

    @Test func aStatementDeallocatedBehindTheClientsBackIsPreparedAgain() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let query: PostgresQuery = "SELECT \("again") AS v"
            try await pool.query(query.prepared())
            try await pool.query("DEALLOCATE ALL")

            let value = try await pool.query(query.prepared()).first?.decode("v", as: String.self)
            #expect(value == "again")
            let statements = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }
            #expect(Array(statements.values) == [query.sql])
        }
    }

    @Test func aFailingPreparedQueryIsNotRetried() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "id bigserial") { table in
                let sequence = "\(table)_id_seq"
                // nextval is not transactional: each run of the failing statement leaves a trace.
                let failing: PostgresQuery = "SELECT nextval(\(sequence)::regclass) / 0 AS n"
                for run in 1...2 {
                    let error = await #expect(throws: PostgresError.self) { try await pool.query(failing.prepared()) }
                    #expect(error?.sqlState == "22012")
                    let last = try await pool.query("SELECT last_value FROM \(unescaped: sequence)").first
                    #expect(try last?.decode("last_value", as: Int.self) == run)
                }
            }
        }
    }

    @Test func aStatementPreparedInARolledBackTransactionIsStillUsable() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let query: PostgresQuery = "SELECT \("kept") AS v"
            await #expect(throws: DeliberateFailure.self) {
                try await pool.withTransaction { connection in
                    try await connection.query(query.prepared())
                    throw DeliberateFailure()
                }
            }
            try await pool.withConnection { connection in
                let afterRollback = try await LibPQTestSupport.preparedStatements(on: connection)
                let value = try await connection.query(query.prepared()).first?.decode("v", as: String.self)
                let afterUse = try await LibPQTestSupport.preparedStatements(on: connection)

                #expect(Array(afterRollback.values) == [query.sql])
                #expect(value == "kept")
                #expect(afterUse == afterRollback)
            }
        }
    }

    @Test func aPreparedInsertInARolledBackTransactionLeavesNothingWritten() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                let insert: PostgresQuery = "INSERT INTO \(unescaped: table) (v) VALUES (\("gone"))"
                var inserted = 0
                await #expect(throws: DeliberateFailure.self) {
                    try await pool.withTransaction { connection in
                        for _ in 0..<2 {
                            inserted += try await connection.query(insert.prepared()).affectedRows
                        }
                        throw DeliberateFailure()
                    }
                }
                let rowCount = try await pool.query("SELECT count(*) AS n FROM \(unescaped: table)").first?
                    .decode("n", as: Int.self)
                #expect(inserted == 2)
                #expect(rowCount == 0)
            }
        }
    }
}
