import Foundation
import JiriTestSupport
import LibPQ
import NIOPosix
import Testing

@Suite struct ErrorTests {
    @Test func uniqueViolationCarriesSQLStateAndDetail() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "id text PRIMARY KEY") { table in
                try await pool.query("INSERT INTO \(unescaped: table) (id) VALUES (\("dup"))")
                let error = await #expect(throws: PostgresError.self) {
                    try await pool.query("INSERT INTO \(unescaped: table) (id) VALUES (\("dup"))")
                }
                #expect(error?.kind == .server)
                #expect(error?.sqlState == "23505")
                #expect(error?.isUniqueViolation == true)
                #expect(error?.isConnectionFailure == false)
                #expect(error?.message.contains("duplicate key") == true)
                #expect(error?.detail?.contains("(id)=(dup)") == true)
                #expect(error?.description.contains("23505") == true)
            }
        }
    }

    @Test func aFailedStatementLeavesTheConnectionUsable() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await pool.withConnection { connection in
                let error = await #expect(throws: PostgresError.self) { try await connection.query("SELEC 1") }
                #expect(error?.sqlState == "42601")
                #expect(connection.isHealthy)
                let two = try await connection.query("SELECT 2 AS two").first?.decode("two", as: Int.self)
                #expect(two == 2)
            }
        }
    }

    @Test func refusedConnectionIsAConnectionFailure() async throws {
        var configuration = try LibPQTestSupport.configuration
        configuration.port = try freeLoopbackPort()
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresConnection.connect(configuration: configuration, logger: LibPQTestSupport.logger)
        }
        #expect(error?.kind == .connection)
        #expect(error?.isConnectionFailure == true)
    }

    @Test func aThreadPoolThatIsNotRunningIsNamedInTheError() async throws {
        let neverStarted = NIOThreadPool(numberOfThreads: 1)
        let error = await #expect(throws: PostgresError.self) {
            _ = try await PostgresConnection.connect(
                configuration: LibPQTestSupport.configuration,
                threadPool: neverStarted,
                logger: LibPQTestSupport.logger
            )
        }
        #expect(error?.kind == .connection)
        #expect(error?.message.contains("NIOThreadPool") == true)
    }

    @Test func statementTimeoutFromTheConfigurationIsApplied() async throws {
        var configuration = try LibPQTestSupport.configuration
        configuration.statementTimeout = .milliseconds(100)
        try await LibPQTestSupport.withPool(configuration: configuration) { pool in
            let started = ContinuousClock.now
            let error = await #expect(throws: PostgresError.self) { try await pool.query("SELECT pg_sleep(5)") }
            #expect(error?.sqlState == "57014")
            #expect(ContinuousClock.now - started < .seconds(3))
        }
    }

    @Test func decodingAMissingColumnNamesIt() async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT 1 AS present").first)
            let error = #expect(throws: PostgresError.self) { try row.decode("absent", as: Int.self) }
            #expect(error?.kind == .decoding)
            #expect(error?.message.contains("absent") == true)
        }
    }

    @Test func decodingTheWrongTypeIsADecodingError() async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT 'not a number'::text AS v").first)
            let error = #expect(throws: PostgresError.self) { try row.decode("v", as: Int.self) }
            #expect(error?.kind == .decoding)
            #expect(error?.message.contains("\"v\"") == true)
        }
    }
}
