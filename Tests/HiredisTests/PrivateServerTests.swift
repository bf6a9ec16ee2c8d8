import Hiredis
import JiriTestSupport
import Testing

/// Behaviour that needs a server of the test's own: a password, another database, a restart, server-wide counters.
@Suite struct PrivateServerTests {
    @Test func passwordFromTheURLAuthenticates() async throws {
        try await withPrivateRedis(password: "correct horse") { redis async throws in
            let connection = try await RedisConnection.connect(configuration: RedisConfiguration(url: redis.url), logger: testLogger)
            #expect(try await connection.send(["PING"]) == .status("PONG"))
            await connection.close()
        }
    }

    @Test func missingPasswordIsRefusedWithNOAUTH() async throws {
        try await withPrivateRedis(password: "correct horse") { redis async throws in
            let connection = try await RedisConnection.connect(
                configuration: RedisConfiguration(host: "127.0.0.1", port: redis.port),
                logger: testLogger
            )
            let error = await redisError { try await connection.send(["PING"]) }
            #expect(error?.code == "NOAUTH")
            await connection.close()
        }
    }

    @Test func wrongPasswordFailsTheConnect() async throws {
        try await withPrivateRedis(password: "correct horse") { redis async throws in
            let configuration = RedisConfiguration(host: "127.0.0.1", port: redis.port, password: "battery staple")
            let error = await redisError { _ = try await RedisConnection.connect(configuration: configuration, logger: testLogger) }
            #expect(error?.kind == .server)
            #expect(error?.code == "WRONGPASS")
        }
    }

    @Test func aclUserAndPasswordAuthenticate() async throws {
        try await withPrivateRedis { redis async throws in
            let admin = try await RedisConnection.connect(configuration: redis.configuration, logger: testLogger)
            try await admin.send(["ACL", "SETUSER", "alice", "on", ">wonderland", "~*", "+@all"])
            await admin.close()
            let alice = try await RedisConnection.connect(
                configuration: RedisConfiguration(url: "redis://alice:wonderland@127.0.0.1:\(redis.port)"),
                logger: testLogger
            )
            #expect(try await alice.send(["ACL", "WHOAMI"]).string == "alice")
            await alice.close()
        }
    }

    @Test func databaseFromTheURLIsSelected() async throws {
        try await withPrivateRedis { redis async throws in
            let third = try await RedisConnection.connect(configuration: RedisConfiguration(url: "redis://127.0.0.1:\(redis.port)/3"), logger: testLogger)
            let first = try await RedisConnection.connect(configuration: RedisConfiguration(url: "redis://127.0.0.1:\(redis.port)/0"), logger: testLogger)
            try await third.send(["SET", "where", "three"])
            #expect(try await third.send(["GET", "where"]).string == "three")
            #expect(try await first.send(["GET", "where"]).isNull)
            await third.close()
            await first.close()
        }
    }

    @Test func pipelineOf100CommandsTakesOneRoundTrip() async throws {
        try await withPrivateRedis { redis async throws in
            let connection = try await RedisConnection.connect(configuration: redis.configuration, logger: testLogger)
            let before = try await Self.socketReads(connection)
            let replies = try await connection.pipeline((0..<100).map { ["SET", RedisArgument("key:\($0)"), RedisArgument($0)] })
            let after = try await Self.socketReads(connection)
            #expect(replies == Array(repeating: .status("OK"), count: 100))
            // The server reads the whole pipeline at once; sent one by one it would read 100 times.
            // The difference also counts the second INFO itself.
            #expect(after - before <= 3)
            await connection.close()
        }
    }

    @Test func restartedServerFailsTheOldConnection() async throws {
        try await withPrivateRedis { redis async throws in
            let connection = try await RedisConnection.connect(configuration: redis.configuration, logger: testLogger)
            #expect(try await connection.send(["PING"]) == .status("PONG"))
            try await redis.restart()
            #expect(!connection.isHealthy)
            let error = await redisError { try await connection.send(["PING"]) }
            #expect(error?.isConnectionFailure == true)
            await connection.close()
        }
    }

    /// How many socket reads the server has done so far (`INFO stats`).
    private static func socketReads(_ connection: RedisConnection) async throws -> Int {
        let info = try #require(try await connection.send(["INFO", "stats"]).string)
        let line = try #require(info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("total_reads_processed:") })
        return try #require(Int(line.dropFirst("total_reads_processed:".count)))
    }
}
