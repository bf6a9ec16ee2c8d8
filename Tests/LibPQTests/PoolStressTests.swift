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
        let count = 400
        let (mismatches, stored) = try await Self.withStressPool { pool, table in
            try await withThrowingTaskGroup(of: Bool.self) { group in
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
        }
        #expect(mismatches == 0)
        #expect(stored == count)
    }

    /// Prepared statements from 16 tasks over 4 connections, half with a NULL bind
    /// (another statement): each runs once and returns its own row.
    @Test func concurrentPreparedStatementsEachRunOnceAndGetTheirOwnResult() async throws {
        let tasks = 16
        let perTask = 25
        let (mismatches, stored) = try await Self.withStressPool { pool, table in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for task in 0..<tasks {
                    group.addTask {
                        var bad = 0
                        for step in 0..<perTask {
                            let n = task * perTask + step
                            let note = n.isMultiple(of: 2) ? "note \(n)" : nil
                            let query: PostgresQuery = """
                                INSERT INTO \(unescaped: table) (n, note) VALUES (\(n), \(note)) RETURNING n, note
                                """
                            let row = try await pool.query(query.prepared()).first
                            if try row?.decode("n", as: Int.self) != n || row?.decode("note", as: String?.self) != note {
                                bad += 1
                            }
                        }
                        return bad
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(mismatches == 0)
        #expect(stored == tasks * perTask)
    }

    /// A pool of 4 connections on 4 threads and a fresh table for `body`; returns
    /// what `body` returned and how many rows the table holds afterwards.
    private static func withStressPool(
        _ body: (PostgresPool, String) async throws -> Int
    ) async throws -> (result: Int, rows: Int?) {
        let threads = NIOThreadPool(numberOfThreads: 4)
        threads.start()
        let pool = PostgresPool(
            configuration: try PostgresConfiguration(url: TestEnvironment.databaseURL),
            maxConnections: 4, acquireTimeout: .seconds(30), threadPool: threads, logger: Logger(label: "stress")
        )
        let table = "stress_\(UUID().uuidString.prefix(8).lowercased())"
        try await pool.query(PostgresQuery(sql: "CREATE TABLE \(table) (n bigint PRIMARY KEY, note text)"))
        let result: Result<Int, any Error>
        do {
            result = .success(try await body(pool, table))
        } catch {
            result = .failure(error)
        }
        let rows = try? await pool.query(PostgresQuery(sql: "SELECT count(*) AS c FROM \(table)")).first?.decode("c", as: Int.self)
        try? await pool.query(PostgresQuery(sql: "DROP TABLE \(table)"))
        await pool.close()
        try await threads.shutdownGracefully()
        return (try result.get(), rows)
    }
}
