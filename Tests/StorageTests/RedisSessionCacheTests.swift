import Foundation
import Hiredis
import JiriTestSupport
import Logging
import Testing
@testable import Storage

@Suite struct RedisSessionCacheTests {
    /// `combined`: the Redis 7 forms of the turn's first commands (`SET … NX GET`, `GETDEL`) or
    /// the older ones; nil asks the server.
    static func withCache(combined: Bool? = nil, _ body: (RedisSessionCache, RedisPool) async throws -> Void) async throws {
        let pool = RedisPool(configuration: try RedisConfiguration(url: TestEnvironment.redisURL), logger: Logger(label: "storage-tests"))
        let server = combined.map { RedisServerCommands(combined: $0) } ?? RedisServerCommands(pool: pool)
        do {
            try await body(RedisSessionCache(pool: pool, server: server), pool)
        } catch {
            await pool.close()
            throw error
        }
        await pool.close()
    }

    static func session() -> SessionRecord {
        SessionRecord(id: "cache-\(UUID().uuidString.lowercased())", owner: "alice", client: "ios_app",
                      createdAt: Date(timeIntervalSince1970: 1_763_800_000), turnCount: 3, stateJSON: #"{"declinedVisual":true}"#)
    }

    @Test(arguments: [false, true])
    func theNextTurnReadsTheSessionTheLastOneCached(combined: Bool) async throws {
        try await Self.withCache(combined: combined) { cache, _ in
            let session = Self.session()
            let first = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t1", idempotency: nil))
            #expect(first.leaseAcquired && first.cached == nil)
            try await cache.finish(session: session, leaseToken: "t1", idempotency: nil)

            let next = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t2", idempotency: nil))
            #expect(next.leaseAcquired)
            #expect(next.cached == session)
            try await cache.abandon(sessionID: session.id, leaseToken: "t2", idempotency: nil)
        }
    }

    @Test(arguments: [false, true])
    func aTurnThatNeverFinishedLeavesACacheMissNotTheSessionBeforeIt(combined: Bool) async throws {
        try await Self.withCache(combined: combined) { cache, _ in
            let session = Self.session()
            _ = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t1", idempotency: nil))
            try await cache.finish(session: session, leaseToken: "t1", idempotency: nil)

            let unfinished = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t2", idempotency: nil))
            #expect(unfinished.cached == session)
            // Its write to Redis failed: only the lease is given back.
            try await cache.abandon(sessionID: session.id, leaseToken: "t2", idempotency: nil)

            let next = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t3", idempotency: nil))
            #expect(next.leaseAcquired)
            #expect(next.cached == nil)
            try await cache.abandon(sessionID: session.id, leaseToken: "t3", idempotency: nil)
        }
    }

    /// The first request claims its key; a repeat finds it running, then answered.
    @Test(arguments: [false, true])
    func anIdempotencyKeyIsClaimedOnceThenFoundRunningThenAnswered(combined: Bool) async throws {
        try await Self.withCache(combined: combined) { cache, _ in
            let session = Self.session()
            let key = IdempotencyKey(owner: "alice", key: "k:\(UUID().uuidString)", requestHash: [1, 2, 3], ttl: .seconds(60))
            let first = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t1", idempotency: key))
            #expect(first.idempotency == .claimed)
            let repeated = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t2", idempotency: key))
            #expect(repeated.idempotency == .inProgress(requestHash: [1, 2, 3]))
            #expect(!repeated.leaseAcquired)
            try await cache.finish(session: session, leaseToken: "t1", idempotency: IdempotencyRecord(key: key, responseJSON: #"{"reply_text":"done"}"#))
            let answered = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t3", idempotency: key))
            #expect(answered.idempotency == .completed(StoredTurn(requestHash: [1, 2, 3], responseJSON: #"{"reply_text":"done"}"#)))
            try await cache.abandon(sessionID: session.id, leaseToken: "t3", idempotency: key)
        }
    }

    @Test func anAnswerIsStoredWithTheSessionsTurnCountAndCanBeClaimedAgain() async throws {
        try await Self.withCache { cache, _ in
            let session = Self.session()
            let key = IdempotencyKey(owner: "alice", key: "auto:\(UUID().uuidString)", requestHash: [4, 5], ttl: .seconds(60))
            _ = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t1", idempotency: key))
            let record = IdempotencyRecord(key: key, responseJSON: #"{"reply_text":"a b"}"#, sessionTurnCount: 7)
            try await cache.finish(session: session, leaseToken: "t1", idempotency: record)
            #expect(try await cache.idempotencyState(key)
                == .completed(StoredTurn(requestHash: [4, 5], responseJSON: #"{"reply_text":"a b"}"#, sessionTurnCount: 7)))
            try await cache.reclaim(key)
            #expect(try await cache.idempotencyState(key) == .inProgress(requestHash: [4, 5]))
        }
    }

    @Test func theServerIsAskedWhetherItTakesTheRedis7Forms() async throws {
        try await Self.withCache { _, pool in
            let info = try #require(try await pool.send(["INFO", "server"]).string)
            let major = try #require(RedisServerCommands.majorVersion(inInfo: info))
            #expect(await RedisServerCommands(pool: pool).takesCombinedCommands() == (major >= 7))
        }
    }

    /// `INFO` refused (renamed away, as some managed servers do) is an answer: the older
    /// commands stay, and no turn asks again.
    @Test func aServerThatRefusesInfoIsAskedOnce() async throws {
        try await withPrivateRedis(extraArguments: ["--rename-command", "INFO", "jiri-test-info"]) { redis in
            let pool = RedisPool(configuration: redis.configuration, logger: Logger(label: "storage-tests"))
            let server = RedisServerCommands(pool: pool)
            #expect(await server.takesCombinedCommands() == false)
            #expect(await server.takesCombinedCommands() == false)
            // Each refused INFO is one error reply; nothing else here fails.
            let stats = try #require(try await pool.send(["jiri-test-info", "stats"]).string)
            let errors = stats.split(whereSeparator: \.isNewline).first { $0.hasPrefix("total_error_replies:") }
            #expect(errors == "total_error_replies:1")
            await pool.close()
        }
    }

    @Test func theMajorVersionIsReadFromInfo() {
        #expect(RedisServerCommands.majorVersion(inInfo: "# Server\r\nredis_version:6.2.14\r\nredis_mode:standalone\r\n") == 6)
        #expect(RedisServerCommands.majorVersion(inInfo: "# Server\r\nredis_version:7.0.15\r\n") == 7)
        #expect(RedisServerCommands.majorVersion(inInfo: "# Server\r\nredis_mode:standalone\r\n") == nil)
    }

    @Test func aValueInAnOlderFormatIsACacheMissNotAnError() async throws {
        try await Self.withCache { cache, pool in
            let session = Self.session()
            let older = try JSONEncoder().encode(session)
            try await pool.send(["SET", RedisArgument(RedisKeys.session(session.id)), RedisArgument(Array(older)), "EX", 60])
            let start = try await cache.begin(TurnStartRequest(sessionID: session.id, leaseToken: "t1", idempotency: nil))
            #expect(start.leaseAcquired && start.cached == nil)
            try await cache.abandon(sessionID: session.id, leaseToken: "t1", idempotency: nil)
        }
    }

    @Test func finishingWithALeaseTakenByAnotherTurnLeavesThatLease() async throws {
        try await Self.withCache { cache, pool in
            let session = Self.session()
            try await pool.send(["SET", RedisArgument(RedisKeys.lease(session.id)), "other", "PX", 60_000])
            try await cache.finish(session: session, leaseToken: "mine", idempotency: nil)
            #expect(try await pool.send(["GET", RedisArgument(RedisKeys.lease(session.id))]).string == "other")
            try await cache.abandon(sessionID: session.id, leaseToken: "other", idempotency: nil)
        }
    }
}
