import LibPQ
import Testing

private struct DeliberateFailure: Error {}

@Suite struct TransactionTests {
    private func count(_ pool: PostgresPool, _ table: String) async throws -> Int {
        try await pool.query("SELECT count(*) AS n FROM \(unescaped: table)").first!.decode("n", as: Int.self)
    }

    @Test func committedWorkIsVisibleAfterwards() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                let returned = try await pool.withTransaction { connection in
                    try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a")), (\("b"))").affectedRows
                }
                #expect(returned == 2)
                let rowCount = try await count(pool, table)
                #expect(rowCount == 2)
            }
        }
    }

    @Test func anErrorInsideRollsEverythingBack() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                await #expect(throws: DeliberateFailure.self) {
                    try await pool.withTransaction { connection in
                        try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                        throw DeliberateFailure()
                    }
                }
                let rowCount = try await count(pool, table)
                #expect(rowCount == 0)
            }
        }
    }

    @Test func aServerErrorInsideRollsBackEarlierStatements() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text UNIQUE") { table in
                let error = await #expect(throws: PostgresError.self) {
                    try await pool.withTransaction { connection in
                        try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                        try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                    }
                }
                #expect(error?.sqlState == "23505")
                let rowCount = try await count(pool, table)
                #expect(rowCount == 0)
            }
        }
    }

    @Test func aSwallowedStatementErrorStillRollsBackAndIsReported() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text UNIQUE") { table in
                let error = await #expect(throws: PostgresError.self) {
                    try await pool.withTransaction { connection in
                        try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                        _ = try? await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                    }
                }
                #expect(error?.sqlState == "25P02")
                let rowCount = try await count(pool, table)
                #expect(rowCount == 0)
            }
        }
    }

    @Test func aNestedTransactionUndoesOnlyItsOwnWork() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                try await pool.withTransaction { connection in
                    try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("outer"))")
                    await #expect(throws: DeliberateFailure.self) {
                        try await connection.withTransaction { inner in
                            try await inner.query("INSERT INTO \(unescaped: table) VALUES (\("inner"))")
                            throw DeliberateFailure()
                        }
                    }
                }
                let rows = try await pool.query("SELECT v FROM \(unescaped: table)")
                #expect(try rows.map { try $0.decode("v", as: String.self) } == ["outer"])
            }
        }
    }

    @Test func aCancelledTransactionIsRolledBack() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                let (inserted, insertedSignal) = AsyncStream<Void>.makeStream()
                let task = Task {
                    try await pool.withTransaction { connection in
                        try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("a"))")
                        insertedSignal.yield()
                        try await Task.sleep(for: .seconds(30))
                    }
                }
                var iterator = inserted.makeAsyncIterator()
                await iterator.next()
                task.cancel()
                await #expect(throws: CancellationError.self) { try await task.value }
                let rowCount = try await count(pool, table)
                #expect(rowCount == 0)
                #expect(pool.statistics.inUse == 0)
            }
        }
    }
}
