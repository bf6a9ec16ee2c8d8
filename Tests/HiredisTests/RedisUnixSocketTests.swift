import Foundation
import Hiredis
import JiriTestSupport
import Testing

/// `unix:///path/to/redis.sock?db=<n>` connects through Redis' Unix socket.
@Suite struct RedisUnixSocketTests {
    @Test func aUnixURLConnectsThroughTheSocketAndSelectsItsDatabase() async throws {
        let socket = "/tmp/jiri-redis-\(UUID().uuidString.prefix(8)).sock"
        let redis = try await PrivateRedis.start(extraArguments: ["--unixsocket", socket, "--unixsocketperm", "700"])
        do {
            let configuration = try RedisConfiguration(url: "unix://\(socket)?db=3")
            let pool = RedisPool(configuration: configuration, maxConnections: 2, logger: testLogger)
            let replies = try await pool.pipeline([["SET", "greeting", "hi"], ["GET", "greeting"], ["CLIENT", "INFO"]])
            #expect(replies[1] == .bulk(Array("hi".utf8)))
            let info = replies[2].string ?? ""
            // Redis marks a Unix-socket client with the U flag and shows the socket as its address.
            #expect(info.contains("flags=U"), "\(info)")
            #expect(info.contains("db=3"), "\(info)")
            await pool.close()
        } catch {
            await redis.stop()
            throw error
        }
        await redis.stop()
    }

    @Test func aUnixURLNeedsAnAbsolutePath() {
        let error = #expect(throws: RedisError.self) { try RedisConfiguration(url: "unix://redis.sock") }
        #expect(error?.kind == .invalidConfiguration)
    }

    @Test func aUnixURLKeepsItsCredentialsAndTimeouts() throws {
        let configuration = try RedisConfiguration(url: "unix://:s3cret@/run/redis/redis.sock?db=2&command_timeout=250")
        #expect(configuration.socketPath == "/run/redis/redis.sock")
        #expect(configuration.password == "s3cret")
        #expect(configuration.database == 2)
        #expect(configuration.commandTimeout == .milliseconds(250))
        #expect(configuration.description == "unix://:***@/run/redis/redis.sock?db=2")
    }
}
