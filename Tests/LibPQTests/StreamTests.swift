import LibPQ
import Testing

private struct StopEarly: Error {}

@Suite struct StreamTests {
    /// Cursors opened with DECLARE (the unnamed portal of the asking query is listed too, as "").
    static let declaredCursors: PostgresQuery = "SELECT count(*) AS n FROM pg_cursors WHERE name <> ''"

    @Test func streamsManyRowsInBatches() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await pool.withConnection { connection in
                var count = 0
                var sum = 0
                var previous = 0
                try await connection.stream("SELECT n FROM generate_series(1, \(25_000)) AS n ORDER BY n", batchSize: 777) { row in
                    let n = try row.decode("n", as: Int.self)
                    #expect(n == previous + 1)
                    previous = n
                    count += 1
                    sum += n
                }
                #expect(count == 25_000)
                #expect(sum == 25_000 * 25_001 / 2)
                #expect(connection.isHealthy)
            }
        }
    }

    @Test func rowsComeFromAServerSideCursor() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await pool.withConnection { connection in
                var openCursors: [Int] = []
                try await connection.stream("SELECT n FROM generate_series(1, 3) AS n", batchSize: 2) { _ in
                    // Between batches the connection is free for other statements.
                    let row = try #require(try await connection.query(Self.declaredCursors).first)
                    openCursors.append(try row.decode("n", as: Int.self))
                }
                #expect(openCursors == [1, 1, 1])
                let after = try #require(try await connection.query(Self.declaredCursors).first)
                #expect(try after.decode("n", as: Int.self) == 0)
            }
        }
    }

    @Test func bindsAreSentWithTheStreamedQuery() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await pool.withConnection { connection in
                var seen: [String] = []
                let prefix = "row-"
                try await connection.stream("SELECT \(prefix) || n AS label FROM generate_series(1, \(3)) AS n") { row in
                    seen.append(try row.decode("label", as: String.self))
                }
                #expect(seen == ["row-1", "row-2", "row-3"])
            }
        }
    }

    @Test func stoppingEarlyLeavesTheConnectionClean() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await pool.withConnection { connection in
                var seen = 0
                await #expect(throws: StopEarly.self) {
                    try await connection.stream("SELECT n FROM generate_series(1, 100000) AS n", batchSize: 100) { _ in
                        seen += 1
                        if seen == 150 { throw StopEarly() }
                    }
                }
                #expect(seen == 150)
                let cursors = try #require(try await connection.query(Self.declaredCursors).first)
                #expect(try cursors.decode("n", as: Int.self) == 0)
                // Outside a transaction block Postgres refuses a savepoint.
                let error = await #expect(throws: PostgresError.self) { try await connection.query("SAVEPOINT probe") }
                #expect(error?.sqlState == "25P01")
            }
        }
    }

    @Test func streamsInsideTheCallersTransaction() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v int") { table in
                try await pool.withTransaction { connection in
                    try await connection.query("INSERT INTO \(unescaped: table) SELECT generate_series(1, 10)")
                    var count = 0
                    try await connection.stream("SELECT v FROM \(unescaped: table)", batchSize: 4) { _ in count += 1 }
                    // The uncommitted rows were visible: the stream used this transaction.
                    #expect(count == 10)
                }
                let total = try await pool.query("SELECT count(*) AS n FROM \(unescaped: table)")
                #expect(try total.first?.decode("n", as: Int.self) == 10)
            }
        }
    }
}
