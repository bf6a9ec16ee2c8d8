import JiriServer
import Testing

/// `JIRI_PG_COMMIT_CONCURRENCY` and `JIRI_REDIS_PIPELINE_CONCURRENCY`: how many
/// turn commits and Redis pipelines run at once before the rest wait and go
/// together.
@Suite struct GroupingConfigurationTests {
    static let base = ["DATABASE_URL": "postgres://jiri@127.0.0.1/jiri", "REDIS_URL": "redis://127.0.0.1/0"]

    private func configuration(_ extra: [String: String]) throws -> ServerConfiguration {
        try ServerConfiguration.fromEnvironment(Self.base.merging(extra) { $1 })
    }

    @Test func twoOfEachRunAtOnceByDefault() throws {
        let configuration = try configuration([:])
        #expect(configuration.commitConcurrency == 2)
        #expect(configuration.redisPipelineConcurrency == 2)
    }

    @Test func theVariablesSetThem() throws {
        let configuration = try configuration(["JIRI_PG_COMMIT_CONCURRENCY": "16", "JIRI_REDIS_PIPELINE_CONCURRENCY": "5"])
        #expect(configuration.commitConcurrency == 16)
        #expect(configuration.redisPipelineConcurrency == 5)
    }

    @Test(arguments: ["JIRI_PG_COMMIT_CONCURRENCY", "JIRI_REDIS_PIPELINE_CONCURRENCY"], ["0", "-1", "many", "501"])
    func anUnusableValueStopsTheServerNamingTheVariable(variable: String, value: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try configuration([variable: value]) }
        #expect(error?.variable == variable)
    }
}
