import Foundation
import LibPQ
import Logging

/// Runs a Postgres suite: a pool on `databaseURL` (logging warnings only) and a
/// session id prefix of its own (`<kind>-<random tag>`) for `body`; afterwards,
/// whether `body` finished or failed, every session under the prefix is deleted
/// (their turns cascade) and the pool closes.
func withBenchSessions(
    _ kind: String, databaseURL: String, maxConnections: Int,
    _ body: (_ pool: PostgresPool, _ prefix: String) async throws -> Void
) async throws {
    var logger = Logger(label: "jiri.bench")
    logger.logLevel = .warning
    let pool = PostgresPool(configuration: try PostgresConfiguration(url: databaseURL), maxConnections: maxConnections, logger: logger)
    let prefix = "\(kind)-\(UUID().uuidString.prefix(8).lowercased())"
    let cleanUp = { try await pool.query("DELETE FROM sessions WHERE id LIKE \(prefix + "-%")") }
    do {
        try await body(pool, prefix)
    } catch {
        _ = try? await cleanUp()
        await pool.close()
        throw error
    }
    _ = try await cleanUp()
    await pool.close()
}
