import Hiredis
import JiriTestSupport
import Testing

/// Pipelines that wait for a slot go to Redis together. The only slot is held
/// by a pipeline blocked in `BLPOP` until another connection pushes to its list.
@Suite struct RedisPipelineGroupingTests {
    @Test func pipelinesThatWaitedEachGetTheirOwnReplies() async throws {
        try await withHeldSlot { pool, keys, waitFor in
            let pipelines = (0..<6).map { index in
                Task {
                    try await pool.pipeline([
                        ["SET", keys("k\(index)"), RedisArgument("value \(index)")],
                        ["INCRBY", keys("n"), RedisArgument(index + 1)],
                        ["GET", keys("k\(index)")],
                    ])
                }
            }
            try await waitFor(pipelines.count)
            return {
                for (index, pipeline) in pipelines.enumerated() {
                    let replies = try await pipeline.value
                    #expect(replies.count == 3)
                    #expect(replies[0] == .status("OK"))
                    #expect(replies[2] == .bulk(Array("value \(index)".utf8)))
                }
                #expect(try await pool.send(["GET", keys("n")]).int == 21)
            }
        }
    }

    @Test func anErrorReplyStaysWithItsOwnPipeline() async throws {
        try await withHeldSlot { pool, keys, waitFor in
            try await pool.send(["SET", keys("text"), "not a number"])
            let failing = Task { try await pool.pipeline([["INCR", keys("text")], ["GET", keys("text")]]) }
            try await waitFor(1)
            let fine = Task { try await pool.pipeline([["INCR", keys("counter")]]) }
            try await waitFor(2)
            return {
                let failed = try await failing.value
                guard case .error(let message) = failed[0] else {
                    Issue.record("expected an error reply, got \(failed[0])")
                    return
                }
                #expect(message.contains("not an integer"))
                #expect(failed[1] == .bulk(Array("not a number".utf8)))
                #expect(try await fine.value == [.integer(1)])
            }
        }
    }

    @Test func aPipelineWithAnEmptyCommandIsRefusedBeforeItWaits() async throws {
        try await withHeldSlot { pool, keys, waitFor in
            let error = await redisError { try await pool.pipeline([["PING"], []]) }
            #expect(error?.kind == .protocolError)
            #expect(pool.pipelinesWaiting == 0)
            return {}
        }
    }

    /// Runs `body` with a pool whose only pipeline slot is taken by a `BLPOP`;
    /// `waitFor(n)` returns once `n` pipelines wait; the returned checks run
    /// after the `BLPOP` is released.
    private func withHeldSlot(
        _ body: (RedisPool, TestKeys, @escaping @Sendable (Int) async throws -> Void) async throws
            -> @Sendable () async throws -> Void
    ) async throws {
        var configuration = try sharedRedisConfiguration()
        configuration.commandTimeout = .seconds(20)
        let pool = RedisPool(configuration: configuration, maxConnections: 4, pipelineConcurrency: 1, logger: testLogger)
        let keys = TestKeys()
        let releaser = try await RedisConnection.connect(configuration: configuration, logger: testLogger)
        let blocked = Task { try await pool.pipeline([["BLPOP", keys("gate"), 15]]) }
        try await waitUntil { try await Self.isBlocked(releaser) }
        let checks = try await body(pool, keys) { count in
            try await waitUntil { pool.pipelinesWaiting == count }
        }
        try await releaser.send(["LPUSH", keys("gate"), "open"])
        #expect(try await blocked.value.count == 1)
        try await checks()
        await releaser.close()
        await pool.close()
        try await keys.deleteAll()
    }

    private static func isBlocked(_ connection: RedisConnection) async throws -> Bool {
        let info = try await connection.send(["INFO", "clients"]).string ?? ""
        return info.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("blocked_clients:") && !$0.hasSuffix(":0") }
    }
}
