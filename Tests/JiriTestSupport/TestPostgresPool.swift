import LibPQ
import Logging

/// Runs `body` with a pool on the test database (or on `configuration`), closed
/// afterwards whether `body` returned or threw.
public func withTestPostgresPool<T>(
    maxConnections: Int = 1,
    acquireTimeout: Duration = .seconds(5),
    configuration: PostgresConfiguration? = nil,
    logger: Logger,
    _ body: (PostgresPool) async throws -> T
) async throws -> T {
    let pool = PostgresPool(
        configuration: try configuration ?? PostgresConfiguration(url: TestEnvironment.databaseURL),
        maxConnections: maxConnections,
        acquireTimeout: acquireTimeout,
        logger: logger
    )
    do {
        let result = try await body(pool)
        await pool.close()
        return result
    } catch {
        await pool.close()
        throw error
    }
}
