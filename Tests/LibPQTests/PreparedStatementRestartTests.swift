import JiriTestSupport
import LibPQ
import Testing

/// A private Postgres is restarted under a pool that holds a prepared statement.
@Suite struct PreparedStatementRestartTests {
    @Test func afterARestartThePreparedQueryIsPreparedAgainOnTheNewSession() async throws {
        try await withPrivatePostgres { postgres in
            try await LibPQTestSupport.withPool(maxConnections: 1, configuration: postgres.configuration) { pool in
                let query: PostgresQuery = "SELECT \(20) + 22 AS answer"
                let before = try await pool.query(query.prepared()).first?.decode("answer", as: Int.self)

                try await postgres.restart()

                // A missing statement is not retried inside a transaction, so this
                // succeeds only because the reconnect emptied the connection's cache.
                let after = try await pool.withTransaction { connection in
                    try await connection.query(query.prepared()).first?.decode("answer", as: Int.self)
                }
                let statements = try await pool.withConnection { try await LibPQTestSupport.preparedStatements(on: $0) }

                #expect(before == 42)
                #expect(after == 42)
                #expect(Array(statements.values) == [query.sql])
            }
        }
    }
}
