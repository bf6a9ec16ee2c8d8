import Testing

@Suite("docker-compose.yml")
struct DockerComposeTests {
    private static func services() throws -> YAMLNode {
        let documents = try YAMLNode.documents("deploy/docker-compose.yml")
        #expect(documents.count == 1)
        return try #require(documents.first)["services"]
    }

    @Test func declaresJiriPostgresRedisAndMigrate() throws {
        #expect(try Self.services().keys == ["jiri", "postgres", "redis", "migrate"])
    }

    @Test func migrateRunsTheMigrationsBeforeJiriStarts() throws {
        let services = try Self.services()
        #expect(services["migrate"]["command"].list.compactMap(\.string) == ["migrate"])
        #expect(services["jiri"]["depends_on"]["migrate"]["condition"].string == "service_completed_successfully")
        #expect(services["migrate"]["depends_on"]["postgres"]["condition"].string == "service_healthy")
    }

    @Test func jiriGetsBothStoreURLsAndAHealthCheck() throws {
        let jiri = try Self.services()["jiri"]
        #expect(jiri["environment"]["DATABASE_URL"].string?.hasPrefix("postgres://") == true)
        #expect(jiri["environment"]["REDIS_URL"].string?.hasPrefix("redis://") == true)
        #expect(jiri["healthcheck"]["test"].exists)
        #expect(jiri["command"].list.compactMap(\.string) == ["serve"])
    }
}
