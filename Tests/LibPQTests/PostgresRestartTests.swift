import JiriTestSupport
import LibPQ
import Testing

/// A private Postgres is restarted under a live pool: the next query must succeed
/// without restarting the client.
@Suite struct PostgresRestartTests {
    @Test func theNextQueryAfterARestartSucceeds() async throws {
        try await withPrivatePostgres { postgres in
            try await LibPQTestSupport.withPool(maxConnections: 3, configuration: postgres.configuration) { pool in
                // Hold three connections at once so the restart leaves three stale ones idle.
                try await pool.withConnection { first in
                    try await pool.withConnection { second in
                        try await pool.withConnection { third in
                            for connection in [first, second, third] {
                                try await connection.query("SELECT 1")
                            }
                        }
                    }
                }
                let before = try #require(try await pool.query("SELECT pg_postmaster_start_time() AS t").first)
                    .decode("t", as: String.self)
                #expect(pool.statistics.idle == 3)

                try await postgres.restart()

                for _ in 0..<3 {
                    let after = try #require(try await pool.query("SELECT pg_postmaster_start_time() AS t").first)
                        .decode("t", as: String.self)
                    #expect(after != before)
                }
            }
        }
    }

    @Test func aConnectionInUseDuringARestartFailsAsConnectionFailureThenThePoolHeals() async throws {
        try await withPrivatePostgres { postgres in
            try await LibPQTestSupport.withPool(maxConnections: 1, configuration: postgres.configuration) { pool in
                try await pool.withConnection { connection in
                    try await connection.query("SELECT 1")
                    try await postgres.restart()
                    let error = await #expect(throws: PostgresError.self) { try await connection.query("SELECT 1") }
                    #expect(error?.isConnectionFailure == true)
                    #expect(!connection.isHealthy)
                }
                let rowCount = try await pool.query("SELECT 1 AS one").count
                #expect(rowCount == 1)
            }
        }
    }
}
