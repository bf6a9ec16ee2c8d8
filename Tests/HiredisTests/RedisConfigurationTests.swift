import Hiredis
import Testing

@Suite struct RedisConfigurationTests {
    @Test func parsesEveryPartOfTheURL() throws {
        let configuration = try RedisConfiguration(url: "redis://alice:s3cret@cache.internal:6380/4?connect_timeout=150&command_timeout=900")
        #expect(configuration.host == "cache.internal")
        #expect(configuration.port == 6380)
        #expect(configuration.database == 4)
        #expect(configuration.username == "alice")
        #expect(configuration.password == "s3cret")
        #expect(configuration.connectTimeout == .milliseconds(150))
        #expect(configuration.commandTimeout == .milliseconds(900))
    }

    @Test func minimalURLTakesDefaults() throws {
        let configuration = try RedisConfiguration(url: "redis://10.0.0.7")
        #expect(configuration.host == "10.0.0.7")
        #expect(configuration.port == 6379)
        #expect(configuration.database == 0)
        #expect(configuration.username == nil)
        #expect(configuration.password == nil)
        #expect(configuration.connectTimeout == .seconds(2))
        #expect(configuration.commandTimeout == .seconds(2))
    }

    @Test func passwordWithoutUserIsPercentDecoded() throws {
        let configuration = try RedisConfiguration(url: "redis://:p%40ss%3Aword@127.0.0.1:63799/0")
        #expect(configuration.username == nil)
        #expect(configuration.password == "p@ss:word")
    }

    @Test func bracketedIPv6HostLosesItsBrackets() throws {
        let configuration = try RedisConfiguration(url: "redis://[::1]:7000")
        #expect(configuration.host == "::1")
        #expect(configuration.port == 7000)
    }

    @Test func databaseMayComeFromTheQuery() throws {
        #expect(try RedisConfiguration(url: "redis://localhost?db=9").database == 9)
    }

    @Test(arguments: [
        "rediss://localhost",
        "http://localhost",
        "redis://localhost/notanumber",
        "redis://localhost/-1",
        "redis://localhost?command_timeout=0",
        "redis://localhost?connect_timeout=soon",
        "redis://localhost?pool=3",
        "redis://bob@localhost",
    ])
    func rejectsUnusableURLs(url: String) {
        var thrown: RedisError?
        do {
            _ = try RedisConfiguration(url: url)
        } catch {
            thrown = error as? RedisError
        }
        #expect(thrown?.kind == .invalidConfiguration)
    }

    @Test func errorsAndDescriptionNeverShowThePassword() throws {
        let configuration = try RedisConfiguration(url: "redis://:topsecret@localhost:6379/2")
        #expect(!configuration.description.contains("topsecret"))
        #expect(configuration.description == "redis://:***@localhost:6379/2")
        var thrown: RedisError?
        do {
            _ = try RedisConfiguration(url: "redis://:topsecret@localhost/x")
        } catch {
            thrown = error as? RedisError
        }
        #expect(thrown.map { !$0.message.contains("topsecret") } == true)
    }
}
