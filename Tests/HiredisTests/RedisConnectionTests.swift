import Foundation
import Hiredis
import JiriTestSupport
import NIOPosix
import Testing

@Suite struct RedisConnectionTests {
    @Test func valuesWithCRLFAndNULBytesRoundTrip() async throws {
        try await withSharedRedis { connection, keys async throws in
            let value: [UInt8] = Array("line\r\n$3\r\nfoo\r\n".utf8) + [0x00, 0xFF, 0x00, 0x0D] + Array("*1\r\n".utf8)
            let key = keys("binary\r\n\u{0}key")
            #expect(try await connection.send(["SET", key, RedisArgument(value)]) == .status("OK"))
            #expect(try await connection.send(["GET", key]) == .bulk(value))
            #expect(try await connection.send(["STRLEN", key]) == .integer(Int64(value.count)))
        }
    }

    @Test func emptyAndLargeValuesRoundTrip() async throws {
        try await withSharedRedis { connection, keys async throws in
            let large = (0..<(1 << 20)).map { _ in UInt8.random(in: 0...255) }
            try await connection.send(["SET", keys("empty"), RedisArgument([UInt8]())])
            try await connection.send(["SET", keys("large"), RedisArgument(large)])
            #expect(try await connection.send(["GET", keys("empty")]) == .bulk([]))
            #expect(try await connection.send(["GET", keys("large")]) == .bulk(large))
        }
    }

    /// Connecting blocks a thread; commands after it only await their socket.
    @Test func commandsNeedNoThreadOnceConnected() async throws {
        let threads = NIOThreadPool(numberOfThreads: 1)
        threads.start()
        let connection = try await RedisConnection.connect(configuration: try sharedRedisConfiguration(), threadPool: threads, logger: testLogger)
        try await threads.shutdownGracefully()
        #expect(try await connection.send(["PING"]) == .status("PONG"))
        #expect(try await connection.pipeline([["ECHO", "a"], ["ECHO", "b"]]) == [.bulk(Array("a".utf8)), .bulk(Array("b".utf8))])
        await connection.close()
    }

    @Test func missingKeyReadsAsNull() async throws {
        try await withSharedRedis { connection, keys async throws in
            #expect(try await connection.send(["GET", keys("absent")]).isNull)
        }
    }

    @Test func pipelineReturnsOneReplyPerCommandInOrder() async throws {
        try await withSharedRedis { connection, keys async throws in
            let counter = keys("counter")
            let commands: [[RedisArgument]] = Array(repeating: ["INCR", counter], count: 100)
            let replies = try await connection.pipeline(commands)
            #expect(replies == (1...100).map { RESPValue.integer(Int64($0)) })
        }
    }

    @Test func emptyPipelineSendsNothing() async throws {
        try await withSharedRedis { connection, _ async throws in
            #expect(try await connection.pipeline([]) == [])
            #expect(connection.isHealthy)
        }
    }

    @Test func serverErrorThrowsWithItsCode() async throws {
        try await withSharedRedis { connection, keys async throws in
            try await connection.send(["SET", keys("text"), "value"])
            let error = await redisError { try await connection.send(["LPUSH", keys("text"), "item"]) }
            #expect(error?.kind == .server)
            #expect(error?.code == "WRONGTYPE")
            #expect(error?.isConnectionFailure == false)
            let unknown = await redisError { try await connection.send(["NO-SUCH-COMMAND"]) }
            #expect(unknown?.code == "ERR")
            #expect(connection.isHealthy)
            #expect(try await connection.send(["PING"]) == .status("PONG"))
        }
    }

    @Test func wrongTypeInsidePipelineComesBackAsErrorValue() async throws {
        try await withSharedRedis { connection, keys async throws in
            let replies = try await connection.pipeline([
                ["SET", keys("text"), "value"],
                ["LPUSH", keys("text"), "item"],
                ["GET", keys("text")],
            ])
            #expect(replies.count == 3)
            #expect(replies[0] == .status("OK"))
            guard case .error(let message) = replies[1] else {
                Issue.record("expected an error reply, got \(replies[1])")
                return
            }
            #expect(message.hasPrefix("WRONGTYPE"))
            #expect(replies[2] == .bulk(Array("value".utf8)))
        }
    }

    @Test func commandTimeoutThrowsTimeoutAndRetiresTheConnection() async throws {
        try await withSharedRedis(commandTimeout: .milliseconds(200)) { connection, keys async throws in
            let started = ContinuousClock.now
            let error = await redisError { try await connection.send(["BLPOP", keys("never-filled"), 5]) }
            #expect(error?.kind == .timeout)
            #expect(ContinuousClock.now - started < .seconds(3))
            #expect(!connection.isHealthy)
            #expect(!connection.isReusable)
            let next = await redisError { try await connection.send(["PING"]) }
            #expect(next?.isConnectionFailure == true)
        }
    }

    @Test func refusedConnectionThrowsIOError() async throws {
        let configuration = RedisConfiguration(host: "127.0.0.1", port: try freeLoopbackPort())
        let error = await redisError {
            _ = try await RedisConnection.connect(configuration: configuration, logger: testLogger)
        }
        #expect(error?.kind == .io)
    }

    @Test func emptyCommandIsRejectedWithoutTouchingTheConnection() async throws {
        try await withSharedRedis { connection, _ async throws in
            let error = await redisError { try await connection.send([]) }
            #expect(error != nil)
            #expect(connection.isHealthy)
        }
    }

    @Test func closedConnectionIsUnhealthyAndRefusesCommands() async throws {
        let connection = try await RedisConnection.connect(configuration: sharedRedisConfiguration(), logger: testLogger)
        #expect(connection.isHealthy)
        await connection.close()
        #expect(!connection.isHealthy)
        let error = await redisError { try await connection.send(["PING"]) }
        #expect(error?.isConnectionFailure == true)
    }

    @Test func aConnectionTheServerDroppedIsStillReusableButNotHealthy() async throws {
        let connection = try await RedisConnection.connect(configuration: sharedRedisConfiguration(), logger: testLogger)
        let id = try #require(try await connection.send(["CLIENT", "ID"]).int)
        try await withSharedRedis { admin, _ async throws in
            _ = try await admin.send(["CLIENT", "KILL", "ID", RedisArgument(Int(id))])
        }
        // Nothing failed on it yet, so returning it to the pool costs no system call;
        // lending it again looks at the socket and finds it closed.
        #expect(connection.isReusable)
        #expect(!connection.isHealthy)
        await connection.close()
        #expect(!connection.isReusable)
    }
}
