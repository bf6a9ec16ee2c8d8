import ArgumentParser
import Foundation
import JiriServer
import LibPQ
import Logging
import Storage

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply pending migrations from the migrations directory, in order."
    )

    @Option(help: "The migrations directory (default: JIRI_MIGRATIONS_DIR, as `serve` reads it, or migrations).")
    var directory: String?

    func run() async throws {
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else {
            throw ValidationError("configuration: DATABASE_URL is not set")
        }
        let logger = makeLogger(level: .info, label: "jiri.migrate")
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maxConnections: 2, logger: logger)
        defer { Task { await pool.close() } }
        let directory = directory ?? ServerConfiguration.migrationsDirectory(in: ProcessInfo.processInfo.environment)
        let applied = try await Migrator(pool: pool, directory: URL(fileURLWithPath: directory), logger: logger).migrate()
        print(applied.isEmpty ? "schema is current" : "applied: \(applied.joined(separator: ", "))")
        await pool.close()
    }
}
