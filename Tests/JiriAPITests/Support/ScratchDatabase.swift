import Foundation
import JiriTestSupport
import LibPQ
import Logging
import Testing

/// A database of its own on the shared Postgres, migrated by `jiri migrate`
/// and dropped afterwards: for tests that change what is global to a database
/// (the active ruleset) without touching anyone else's.
enum ScratchDatabase {
    static func with<Result>(_ body: (_ url: String) async throws -> Result) async throws -> Result {
        let name = ScratchDatabaseName.make("jiri_scaleout")
        var components = try #require(URLComponents(string: TestEnvironment.databaseURL))
        components.path = "/" + name
        let url = try #require(components.string)
        let logger = Logger(label: "jiri.test.scratch-database")
        let admin = try await PostgresConnection.connect(configuration: try PostgresConfiguration(url: TestEnvironment.databaseURL), logger: logger)
        await ScratchDatabaseName.sweepAbandoned(on: admin)
        do {
            try await admin.query("CREATE DATABASE \(unescaped: name)")
            let migration = try await JiriProcess.run(["migrate", "--directory", TestEnvironment.repositoryRoot.appendingPathComponent("migrations").path],
                                                      environment: ["DATABASE_URL": url])
            guard migration.status == 0 else { throw JiriProcessError("jiri migrate failed:\n\(migration.output)") }
            let result = try await body(url)
            await drop(name, admin)
            return result
        } catch {
            await drop(name, admin)
            throw error
        }
    }

    private static func drop(_ name: String, _ admin: PostgresConnection) async {
        _ = try? await admin.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)")
        await admin.close()
    }
}
