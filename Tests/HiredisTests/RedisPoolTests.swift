import Hiredis
import JiriTestSupport
import Testing

@Suite struct RedisPoolTests {
    @Test func sendsPipelinesAndReusesOneIdleConnection() async throws {
        let keys = TestKeys()
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), logger: testLogger)
        try await pool.send(["SET", keys("greeting"), "hi"])
        let replies = try await pool.pipeline([["GET", keys("greeting")], ["STRLEN", keys("greeting")]])
        #expect(replies == [.bulk(Array("hi".utf8)), .integer(2)])
        #expect(pool.statistics == RedisPoolStatistics(open: 1, idle: 1, inUse: 0, waiting: 0))
        await pool.close()
        try await keys.deleteAll()
    }

    @Test func evalRunsScriptsThroughThePool() async throws {
        let keys = TestKeys()
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), logger: testLogger)
        let script = RedisScript("return redis.call('INCRBY', KEYS[1], ARGV[1])")
        #expect(try await pool.eval(script, keys: [keys("n")], args: [3]) == .integer(3))
        await pool.close()
        try await keys.deleteAll()
    }

    @Test func concurrentCallersNeverExceedMaxConnections() async throws {
        let keys = TestKeys()
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), maxConnections: 3, acquireTimeout: .seconds(10), logger: testLogger)
        let counter = keys("hits")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask { try await pool.send(["INCR", counter]) }
            }
            try await group.waitForAll()
        }
        #expect(try await pool.send(["GET", counter]).int == 40)
        #expect(pool.statistics.open <= 3)
        #expect(pool.statistics.inUse == 0)
        await pool.close()
        try await keys.deleteAll()
    }

    @Test func exhaustedPoolThrowsAcquireTimeout() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), maxConnections: 1, acquireTimeout: .milliseconds(200), logger: testLogger)
        let held = try await HeldConnection(from: pool)
        let started = ContinuousClock.now
        let error = await redisError { try await pool.send(["PING"]) }
        #expect(error?.kind == .acquireTimeout)
        #expect(ContinuousClock.now - started >= .milliseconds(200))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(pool.statistics.waiting == 0)
        try await held.release()
        #expect(try await pool.send(["PING"]) == .status("PONG"))
        await pool.close()
    }

    /// One timer watches the whole line: a caller that came later is not failed
    /// with the first, and still fails once its own time is up.
    @Test func eachWaiterTimesOutAtItsOwnDeadline() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), maxConnections: 1, acquireTimeout: .milliseconds(500), logger: testLogger)
        let held = try await HeldConnection(from: pool)
        let started = ContinuousClock.now
        let first = Task { try await pool.send(["PING"]) }
        try await Task.sleep(for: .milliseconds(300))
        let second = Task { try await pool.send(["PING"]) }
        let firstError = await redisError { _ = try await first.value }
        let firstWaited = ContinuousClock.now - started
        #expect(pool.statistics.waiting == 1)
        let secondError = await redisError { _ = try await second.value }
        let secondWaited = ContinuousClock.now - started
        #expect(firstError?.kind == .acquireTimeout)
        #expect(secondError?.kind == .acquireTimeout)
        #expect(firstWaited >= .milliseconds(500) && firstWaited < .milliseconds(800))
        #expect(secondWaited >= .milliseconds(800) && secondWaited < .seconds(3))
        try await held.release()
        await pool.close()
    }

    @Test func waitingCallerGetsTheReleasedConnection() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), maxConnections: 1, acquireTimeout: .seconds(30), logger: testLogger)
        let held = try await HeldConnection(from: pool)
        let waiter = Task { try await pool.send(["PING"]) }
        try await Self.waitUntilSomeoneWaits(on: pool)
        try await held.release()
        #expect(try await waiter.value == .status("PONG"))
        #expect(pool.statistics == RedisPoolStatistics(open: 1, idle: 1, inUse: 0, waiting: 0))
        await pool.close()
    }

    @Test func cancelledWaiterLeavesTheQueue() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), maxConnections: 1, acquireTimeout: .seconds(30), logger: testLogger)
        let held = try await HeldConnection(from: pool)
        let waiter = Task { try await pool.send(["PING"]) }
        try await Self.waitUntilSomeoneWaits(on: pool)
        let started = ContinuousClock.now
        waiter.cancel()
        let outcome = await waiter.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(pool.statistics.waiting == 0)
        try await held.release()
        await pool.close()
    }

    private static func waitUntilSomeoneWaits(on pool: RedisPool) async throws {
        try await waitUntil { pool.statistics.waiting > 0 }
    }

    @Test func poolReconnectsAfterRedisRestart() async throws {
        try await withPrivateRedis { redis async throws in
            let pool = RedisPool(configuration: redis.configuration, maxConnections: 2, logger: testLogger)
            try await pool.send(["SET", "before", "restart"])
            try await redis.restart()
            #expect(try await pool.send(["PING"]) == .status("PONG"))
            #expect(try await pool.send(["GET", "before"]).isNull)
            #expect(pool.statistics.open == 1)
            await pool.close()
        }
    }

    @Test func poolHealsWhenRedisComesBackAfterAnOutage() async throws {
        try await withPrivateRedis { redis async throws in
            let pool = RedisPool(configuration: redis.configuration, maxConnections: 2, logger: testLogger)
            try await pool.send(["PING"])
            await redis.stop()
            let error = await redisError { try await pool.send(["PING"]) }
            #expect(error?.kind == .io)
            #expect(pool.statistics == RedisPoolStatistics(open: 0, idle: 0, inUse: 0, waiting: 0))
            try await redis.restart()
            #expect(try await pool.send(["PING"]) == .status("PONG"))
            await pool.close()
        }
    }

    @Test func connectionThatTimedOutIsDiscardedAndReplaced() async throws {
        let keys = TestKeys()
        var configuration = try sharedRedisConfiguration()
        configuration.commandTimeout = .milliseconds(100)
        let pool = RedisPool(configuration: configuration, maxConnections: 1, logger: testLogger)
        let error = await redisError { try await pool.send(["BLPOP", keys("never-filled"), 5]) }
        #expect(error?.kind == .timeout)
        #expect(pool.statistics.open == 0)
        #expect(try await pool.send(["PING"]) == .status("PONG"))
        #expect(pool.statistics.open == 1)
        await pool.close()
        try await keys.deleteAll()
    }

    @Test func closedPoolRefusesCallers() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), logger: testLogger)
        try await pool.send(["PING"])
        await pool.close()
        #expect(pool.statistics.open == 0)
        let error = await redisError { try await pool.send(["PING"]) }
        #expect(error?.kind == .poolClosed)
    }

    @Test func runClosesThePoolWhenItsTaskEnds() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), logger: testLogger)
        let service = Task { try await pool.run() }
        try await pool.send(["PING"])
        #expect(pool.statistics.open == 1)
        service.cancel()
        try await service.value
        #expect(pool.statistics.open == 0)
        let error = await redisError { try await pool.send(["PING"]) }
        #expect(error?.kind == .poolClosed)
    }

    @Test func closeWaitsForLentConnections() async throws {
        let pool = RedisPool(configuration: try sharedRedisConfiguration(), logger: testLogger)
        let (held, holding) = AsyncStream<Void>.makeStream()
        let holder = Task {
            defer { holding.finish() }
            return try await pool.withConnection { connection in
                holding.yield()
                try await Task.sleep(for: .milliseconds(150))
                return try await connection.send(["PING"])
            }
        }
        var iterator = held.makeAsyncIterator()
        if await iterator.next() == nil { _ = try await holder.value }
        await pool.close()
        #expect(pool.statistics.open == 0)
        #expect(try await holder.value == .status("PONG"))
    }
}

/// Keeps one connection of a pool lent until ``release()``, so a test can exhaust a pool of one.
private struct HeldConnection {
    private let holder: Task<Void, any Error>
    private let releasing: AsyncStream<Void>.Continuation

    /// Returns once the connection is lent; throws what the pool threw when it could not lend
    /// one (Redis down), instead of waiting for ever.
    init(from pool: RedisPool) async throws {
        let (lent, lending) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        self.releasing = releasing
        self.holder = Task {
            defer { lending.finish() }
            try await pool.withConnection { _ in
                lending.yield()
                for await _ in release { break }
            }
        }
        var iterator = lent.makeAsyncIterator()
        if await iterator.next() == nil { try await holder.value }
    }

    /// Gives the connection back to the pool and waits until it is back.
    func release() async throws {
        self.releasing.yield()
        try await self.holder.value
    }
}
