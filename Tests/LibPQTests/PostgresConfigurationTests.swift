import LibPQ
import Testing

@Suite struct PostgresConfigurationTests {
    @Test func parsesEveryURLPart() throws {
        let configuration = try PostgresConfiguration(
            url: "postgresql://app:s3cret@db.example.com:6543/jiri_prod"
                + "?sslmode=require&connect_timeout=9&application_name=jiri-worker&statement_timeout=2500"
        )
        #expect(configuration.host == "db.example.com")
        #expect(configuration.port == 6543)
        #expect(configuration.user == "app")
        #expect(configuration.password == "s3cret")
        #expect(configuration.database == "jiri_prod")
        #expect(configuration.sslMode == "require")
        #expect(configuration.connectTimeout == 9)
        #expect(configuration.applicationName == "jiri-worker")
        #expect(configuration.statementTimeout == .milliseconds(2500))
    }

    @Test func appliesDefaultsForAMinimalURL() throws {
        let configuration = try PostgresConfiguration(url: "postgres://jiri@127.0.0.1/jiri")
        #expect(configuration.port == 5432)
        #expect(configuration.password == nil)
        #expect(configuration.sslMode == "prefer")
        #expect(configuration.connectTimeout == 5)
        #expect(configuration.applicationName == "jiri")
        #expect(configuration.statementTimeout == nil)
    }

    @Test func decodesPercentEncodedCredentialsAndDatabase() throws {
        let configuration = try PostgresConfiguration(url: "postgres://us%40er:p%3Ass%2Fw%40rd@localhost:5432/my%20db")
        #expect(configuration.user == "us@er")
        #expect(configuration.password == "p:ss/w@rd")
        #expect(configuration.database == "my db")
    }

    @Test func acceptsABracketedIPv6Host() throws {
        let configuration = try PostgresConfiguration(url: "postgres://jiri@[::1]:5433/jiri")
        #expect(configuration.host == "::1")
        #expect(configuration.port == 5433)
    }

    @Test(arguments: [
        ("mysql://jiri@localhost/jiri", "scheme"),
        ("postgres://jiri@localhost/jiri?sslmode=sometimes", "sslmode"),
        ("postgres://jiri@localhost/jiri?connect_timeout=soon", "connect_timeout"),
        ("postgres://jiri@localhost/jiri?statement_timeout=-1", "statement_timeout"),
        ("postgres://jiri@localhost/jiri?pool_size=3", "pool_size"),
    ])
    func rejectsABadURLNamingTheProblem(url: String, named: String) throws {
        let error = #expect(throws: PostgresError.self) { try PostgresConfiguration(url: url) }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.message.contains(named) == true)
    }

    @Test func descriptionHidesThePassword() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app:hunter2@db:5432/jiri")
        #expect(!configuration.description.contains("hunter2"))
        #expect(configuration.description.contains("app:***@db:5432/jiri"))
    }
}
