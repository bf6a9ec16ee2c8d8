import Foundation
import JiriTestSupport

/// The environment a test gives a Jiri server, in-process (through
/// `ServerConfiguration.fromEnvironment`) or as a `jiri serve` child process:
/// the test Postgres and Redis, the repository's catalog, rules and migrations.
enum ServerEnvironment {
    static func variables(port: Int = 8080, overrides: [String: String] = [:]) -> [String: String] {
        let root = TestEnvironment.repositoryRoot
        let base = [
            "DATABASE_URL": TestEnvironment.databaseURL,
            "REDIS_URL": TestEnvironment.redisURL,
            "HOST": "127.0.0.1",
            "PORT": String(port),
            "LOG_LEVEL": "warning",
            "JIRI_RATE_LIMIT_PER_MINUTE": "0",
            "JIRI_CATALOG_DIR": root.appendingPathComponent("deploy/config/apps").path,
            "JIRI_RULES_FILE": root.appendingPathComponent("deploy/config/handoff-rules.yaml").path,
            "JIRI_MIGRATIONS_DIR": root.appendingPathComponent("migrations").path,
        ]
        return base.merging(overrides) { $1 }
    }

    /// A fresh client-chosen session id, unique across parallel test runs.
    static func newSessionID() -> String { "api-" + UUID().uuidString.lowercased() }
}
