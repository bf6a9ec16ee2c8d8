import Foundation
import Hiredis
import JiriTestSupport
import Logging
import Testing
@testable import Storage

@Suite struct RedisSessionCacheTests {
    static func withCache(_ body: (RedisSessionCache, RedisPool) async throws -> Void) async throws {
        let pool = RedisPool(configuration: try RedisConfiguration(url: TestEnvironment.redisURL), logger: Logger(label: "storage-tests"))
        do {
            try await body(RedisSessionCache(pool: pool), pool)
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

    @Test func theNextTurnReadsTheSessionTheLastOneCached() async throws {
        try await Self.withCache { cache, _ in
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

    @Test func aTurnThatNeverFinishedLeavesACacheMissNotTheSessionBeforeIt() async throws {
        try await Self.withCache { cache, _ in
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
