import LibPQ
import Testing

/// `PostgresConfiguration.preparedStatementLimit`: how many statements each
/// connection keeps prepared on the server.
@Suite struct PreparedStatementLimitTests {
    private static let queries: [PostgresQuery] = ["SELECT 1 AS n", "SELECT 2 AS n", "SELECT 3 AS n"]

    private static func run(_ index: Int, on connection: PostgresConnection) async throws {
        let n = try await connection.query(queries[index].prepared()).first?.decode("n", as: Int.self)
        #expect(n == index + 1)
    }

    private static func preparedSQL(on connection: PostgresConnection) async throws -> Set<String> {
        Set(try await LibPQTestSupport.preparedStatements(on: connection).values)
    }

    @Test func beyondTheLimitTheLeastRecentlyUsedStatementIsDeallocated() async throws {
        let configuration = try LibPQTestSupport.configuration(preparedStatementLimit: 2)
        try await LibPQTestSupport.withPool(maxConnections: 1, configuration: configuration) { pool in
            try await pool.withConnection { connection in
                for index in [0, 1, 0, 2] {
                    try await Self.run(index, on: connection)
                }
                let afterThird = try await Self.preparedSQL(on: connection)
                try await Self.run(1, on: connection)
                let afterSecondAgain = try await Self.preparedSQL(on: connection)

                #expect(afterThird == [Self.queries[0].sql, Self.queries[2].sql])
                #expect(afterSecondAgain == [Self.queries[2].sql, Self.queries[1].sql])
            }
        }
    }

    @Test func aFullCacheInsideATransactionRunsTheQueryUnpreparedAndEvictsNothing() async throws {
        let configuration = try LibPQTestSupport.configuration(preparedStatementLimit: 1)
        try await LibPQTestSupport.withPool(maxConnections: 1, configuration: configuration) { pool in
            try await pool.withConnection { connection in
                try await Self.run(0, on: connection)
                let inside = try await connection.withTransaction { connection in
                    try await Self.run(1, on: connection)
                    return try await Self.preparedSQL(on: connection)
                }
                let after = try await Self.preparedSQL(on: connection)

                #expect(inside == [Self.queries[0].sql])
                #expect(after == [Self.queries[0].sql])
            }
        }
    }

    @Test func aLimitOfZeroPreparesNothing() async throws {
        let configuration = try LibPQTestSupport.configuration(preparedStatementLimit: 0)
        try await LibPQTestSupport.withPool(maxConnections: 1, configuration: configuration) { pool in
            try await pool.withConnection { connection in
                try await Self.run(0, on: connection)
                try await Self.run(0, on: connection)
                #expect(try await Self.preparedSQL(on: connection).isEmpty)
            }
        }
    }
}
