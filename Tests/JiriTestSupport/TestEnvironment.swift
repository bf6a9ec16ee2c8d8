import Foundation

/// Where the tests find the servers that `make test` started (or the ones
/// the caller pointed at with DATABASE_URL / REDIS_URL).
public enum TestEnvironment {
    public static var databaseURL: String {
        nonEmpty("DATABASE_URL") ?? "postgres://jiri@127.0.0.1:54329/jiri"
    }

    public static var redisURL: String {
        nonEmpty("REDIS_URL") ?? "redis://127.0.0.1:63799/0"
    }

    /// The repository root, found from this file's location.
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func nonEmpty(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}
