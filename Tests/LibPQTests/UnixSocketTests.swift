import Foundation
import JiriTestSupport
import LibPQ
import Testing

/// `?host=/directory` connects through the Unix socket Postgres keeps there.
@Suite struct UnixSocketTests {
    @Test func aHostParameterNamingADirectoryConnectsThroughItsSocket() async throws {
        try await withPrivatePostgres { postgres in
            let configuration = try PostgresConfiguration(url: "postgres://jiri@:\(postgres.port)/postgres?host=\(postgres.socketDirectory)")
            #expect(configuration.host == postgres.socketDirectory)
            let pool = PostgresPool(configuration: configuration, maxConnections: 1, logger: LibPQTestSupport.logger)
            let row = try #require(try await pool.query("SELECT inet_client_addr() IS NULL AS local, \(41) + 1 AS answer").first)
            // A TCP client has an address; a Unix-socket client has none.
            #expect(try row.decode("local", as: Bool.self))
            #expect(try row.decode("answer", as: Int.self) == 42)
            await pool.close()
        }
    }

    @Test func aHostParameterThatIsNotAPathIsRefused() {
        #expect(throws: PostgresError.self) {
            try PostgresConfiguration(url: "postgres://jiri@/jiri?host=db.internal")
        }
    }

    @Test func theDescriptionNamesTheSocketDirectory() throws {
        let configuration = try PostgresConfiguration(url: "postgres://jiri:secret@:5433/jiri?host=/run/postgresql")
        #expect(configuration.description == "postgres://jiri:***@:5433/jiri?host=/run/postgresql&sslmode=prefer")
    }
}
