import LibPQ
import NIOPosix
import Testing

/// A statement the session has prepared is sent and awaited without a thread of
/// the pool: the thread pool is only for blocking work (connecting, preparing).
@Suite struct AwaitingReplyTests {
    @Test func aPreparedStatementRunsWithoutThePoolsThreads() async throws {
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let connection = try await PostgresConnection.connect(
            configuration: try LibPQTestSupport.configuration, threadPool: threads, logger: LibPQTestSupport.logger
        )
        let query: PostgresQuery = "SELECT \(41) + 1 AS answer"
        _ = try await connection.query(query.prepared())
        try await threads.shutdownGracefully()

        let rows = try await connection.query(query.prepared())
        #expect(try rows.first?.decode("answer", as: Int.self) == 42)
        let unprepared = await #expect(throws: PostgresError.self) { try await connection.query("SELECT 1") }
        #expect(unprepared?.kind == .connection)
        await connection.close()
    }

    @Test func aServerErrorOnTheAwaitingPathKeepsTheConnectionUsable() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let divide: (Int) -> PostgresQuery = { "SELECT 1 / \($0) AS quotient" }
            _ = try await pool.query(divide(1).prepared())
            let error = await #expect(throws: PostgresError.self) { try await pool.query(divide(0).prepared()) }
            #expect(error?.sqlState == "22012")
            let rows = try await pool.query(divide(1).prepared())
            #expect(try rows.first?.decode("quotient", as: Int.self) == 1)
            #expect(pool.statistics.open == 1)
        }
    }
}
