import Foundation
import JiriTestSupport
import LibPQ
import Logging
import NIOPosix
import Testing

@Suite struct PoolStressTests {
    /// Many more concurrent statements than connections: every statement runs
    /// exactly once and each caller gets its own statement's result.
    @Test func concurrentStatementsEachRunOnceAndGetTheirOwnResult() async throws {
        let threads = NIOThreadPool(numberOfThreads: 4)
        threads.start()
        let pool = PostgresPool(
            configuration: try PostgresConfiguration(url: TestEnvironment.databaseURL),
            maxConnections: 4, acquireTimeout: .seconds(30), threadPool: threads, logger: Logger(label: "stress")
        )
        let table = "stress_\(UUID().uuidString.prefix(8).lowercased())"
        try await pool.query(PostgresQuery(sql: "CREATE TABLE \(table) (n bigint PRIMARY KEY)"))
        let count = 400
        let mismatches = try await withThrowingTaskGroup(of: Bool.self) { group in
            for n in 0..<count {
                group.addTask {
                    let rows = try await pool.query("INSERT INTO \(unescaped: table) (n) VALUES (\(n)) RETURNING n")
                    return try rows.first?.decode("n", as: Int.self) != n
                }
            }
            var bad = 0
            for try await mismatch in group where mismatch { bad += 1 }
            return bad
        }
        let stored = try await pool.query(PostgresQuery(sql: "SELECT count(*) AS c FROM \(table)")).first?.decode("c", as: Int.self)
        try await pool.query(PostgresQuery(sql: "DROP TABLE \(table)"))
        await pool.close()
        try await threads.shutdownGracefully()
        #expect(mismatches == 0)
        #expect(stored == count)
    }
}
