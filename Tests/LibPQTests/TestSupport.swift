import Foundation
import JiriTestSupport
import LibPQ
import Logging

enum LibPQTestSupport {
    static let logger = Logger(label: "jiri.test.libpq")

    static var configuration: PostgresConfiguration {
        get throws { try PostgresConfiguration(url: TestEnvironment.databaseURL) }
    }

    static func makePool(
        maxConnections: Int = 4,
        acquireTimeout: Duration = .seconds(5),
        configuration: PostgresConfiguration? = nil
    ) throws -> PostgresPool {
        PostgresPool(
            configuration: try configuration ?? Self.configuration,
            maxConnections: maxConnections,
            acquireTimeout: acquireTimeout,
            logger: logger
        )
    }

    /// A pool for `body`, closed afterwards whatever happens.
    static func withPool<Result>(
        maxConnections: Int = 4,
        acquireTimeout: Duration = .seconds(5),
        configuration: PostgresConfiguration? = nil,
        _ body: (PostgresPool) async throws -> Result
    ) async throws -> Result {
        try await withTestPostgresPool(
            maxConnections: maxConnections, acquireTimeout: acquireTimeout, configuration: configuration, logger: logger, body
        )
    }

    /// A table with a unique name in the shared database, dropped afterwards.
    /// `columns` is the column list of CREATE TABLE.
    static func withTable<Result>(
        _ pool: PostgresPool,
        columns: String,
        _ body: (String) async throws -> Result
    ) async throws -> Result {
        let name = "libpq_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        try await pool.query("CREATE TABLE \(unescaped: name) (\(unescaped: columns))")
        do {
            let result = try await body(name)
            try await pool.query("DROP TABLE \(unescaped: name)")
            return result
        } catch {
            _ = try? await pool.query("DROP TABLE \(unescaped: name)")
            throw error
        }
    }
}
