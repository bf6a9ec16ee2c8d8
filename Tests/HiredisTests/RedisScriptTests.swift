import Foundation
import Hiredis
import JiriTestSupport
import Testing

@Suite struct RedisScriptTests {
    /// A script no server has cached yet: the UUID makes its source, and so its digest, new.
    private func freshScript() -> RedisScript {
        RedisScript("-- \(UUID().uuidString)\nredis.call('SET', KEYS[1], ARGV[1]) return redis.call('INCRBY', KEYS[2], ARGV[2])")
    }

    @Test func digestMatchesTheServers() async throws {
        try await withSharedRedis { connection, _ async throws in
            let script = self.freshScript()
            let loaded = try await connection.send(["SCRIPT", "LOAD", RedisArgument(script.source)])
            #expect(loaded.string == script.sha1)
        }
    }

    @Test func evalFallsBackToEvalForAnUncachedScript() async throws {
        try await withSharedRedis { connection, keys async throws in
            let script = self.freshScript()
            #expect(try await connection.send(["SCRIPT", "EXISTS", RedisArgument(script.sha1)]) == .array([.integer(0)]))
            let result = try await connection.eval(script, keys: [keys("note"), keys("count")], args: ["hello", 5])
            #expect(result == .integer(5))
            #expect(try await connection.send(["GET", keys("note")]) == .bulk(Array("hello".utf8)))
            #expect(try await connection.send(["SCRIPT", "EXISTS", RedisArgument(script.sha1)]) == .array([.integer(1)]))
            #expect(try await connection.eval(script, keys: [keys("note"), keys("count")], args: ["again", 2]) == .integer(7))
        }
    }

    @Test func evalReloadsTheScriptAfterScriptFlush() async throws {
        try await withPrivateRedis { redis async throws in
            let connection = try await RedisConnection.connect(configuration: redis.configuration, logger: testLogger)
            let script = RedisScript("return redis.call('INCR', KEYS[1])")
            #expect(try await connection.eval(script, keys: ["counter"], args: []) == .integer(1))
            try await connection.send(["SCRIPT", "FLUSH"])
            #expect(try await connection.send(["SCRIPT", "EXISTS", RedisArgument(script.sha1)]) == .array([.integer(0)]))
            #expect(try await connection.eval(script, keys: ["counter"], args: []) == .integer(2))
            await connection.close()
        }
    }

    @Test func scriptRuntimeErrorThrowsServerError() async throws {
        try await withSharedRedis { connection, keys async throws in
            try await connection.send(["SET", keys("text"), "value"])
            let script = RedisScript("return redis.call('LPUSH', KEYS[1], 'item')")
            let error = await redisError { _ = try await connection.eval(script, keys: [keys("text")], args: []) }
            #expect(error?.kind == .server)
            #expect(error?.code == "WRONGTYPE")
            #expect(connection.isHealthy)
        }
    }
}
