import JiriServer
import Testing

/// `JIRI_PG_COMMIT_CONCURRENCY`: how many turn commits run at once before turns
/// wait and commit together.
@Suite struct CommitConcurrencyConfigurationTests {
    static let base = ["DATABASE_URL": "postgres://jiri@127.0.0.1/jiri", "REDIS_URL": "redis://127.0.0.1/0"]

    @Test func twoCommitsRunAtOnceByDefault() throws {
        #expect(try ServerConfiguration.fromEnvironment(Self.base).commitConcurrency == 2)
    }

    @Test func theVariableSetsIt() throws {
        let configuration = try ServerConfiguration.fromEnvironment(Self.base.merging(["JIRI_PG_COMMIT_CONCURRENCY": "16"]) { $1 })
        #expect(configuration.commitConcurrency == 16)
    }

    @Test(arguments: ["0", "-1", "many"])
    func anUnusableValueStopsTheServerNamingTheVariable(value: String) throws {
        let error = #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(Self.base.merging(["JIRI_PG_COMMIT_CONCURRENCY": value]) { $1 })
        }
        #expect(error?.variable == "JIRI_PG_COMMIT_CONCURRENCY")
    }
}
