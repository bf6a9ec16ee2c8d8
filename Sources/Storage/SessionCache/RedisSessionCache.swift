import Foundation
import Hiredis

/// `SessionCache` over Redis.
public struct RedisSessionCache: SessionCache {
    let pool: RedisPool
    let sessionTTL: Duration
    let leaseTTL: Duration
    let server: RedisServerCommands

    public init(pool: RedisPool, sessionTTL: Duration = .seconds(3600), leaseTTL: Duration = .seconds(10)) {
        self.init(pool: pool, sessionTTL: sessionTTL, leaseTTL: leaseTTL, server: RedisServerCommands(pool: pool))
    }

    init(pool: RedisPool, sessionTTL: Duration = .seconds(3600), leaseTTL: Duration = .seconds(10), server: RedisServerCommands) {
        self.pool = pool
        self.sessionTTL = sessionTTL
        self.leaseTTL = leaseTTL
        self.server = server
    }

    /// Writes the session and releases the lease only if the caller still holds it.
    static let finishScript = RedisScript("""
        redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
        if redis.call('GET', KEYS[2]) == ARGV[3] then
            redis.call('DEL', KEYS[2])
        end
        return 1
        """)

    /// Compare-and-delete: a lease that expired and was taken by another turn is left alone.
    static let releaseScript = RedisScript("""
        if redis.call('GET', KEYS[1]) == ARGV[1] then
            return redis.call('DEL', KEYS[1])
        end
        return 0
        """)

    public func begin(_ start: TurnStartRequest) async throws -> TurnStart {
        // Redis 7 claims a key and reads what held it in one `SET … NX GET`, and takes a
        // value out in one `GETDEL`: three commands instead of five.
        let combined = await server.takesCombinedCommands()
        var commands: [[RedisArgument]] = []
        if let key = start.idempotency {
            let idemKey = RedisKeys.idempotencyKey(owner: key.owner, key: key.key)
            var claim: [RedisArgument] = ["SET", idemKey, RedisArgument(IdempotencyValue.running(key.requestHash)), "NX", "PX", RedisArgument(key.ttl.milliseconds)]
            if combined {
                claim.append("GET")
                commands.append(claim)
            } else {
                commands.append(claim)
                commands.append(["GET", idemKey])
            }
        }
        commands.append(leaseCommand(sessionID: start.sessionID, token: start.leaseToken))
        // The cached session is taken out, not just read: only `finish` puts it back, so
        // a turn whose write never lands (Redis failed in between, the process died)
        // leaves a cache miss behind, never the state of the turn before it. Before
        // Redis 7, GET then DEL: a write that lands between the two is deleted too,
        // which costs the next turn one read from Postgres.
        let sessionKey = RedisKeys.sessionKey(start.sessionID)
        if combined {
            commands.append(["GETDEL", sessionKey])
        } else {
            commands.append(["GET", sessionKey])
            commands.append(["DEL", sessionKey])
        }

        let replies = try await pool.pipeline(commands)
        try Self.throwOnError(replies)
        var claim = IdempotencyClaim.none
        var offset = 0
        if start.idempotency != nil {
            if combined {
                // Nil: the key was free and is now ours; otherwise what held it.
                claim = replies[0].isNull ? .claimed : IdempotencyValue.parse(replies[0].string)
                offset = 1
            } else {
                claim = replies[0].string == "OK" ? .claimed : IdempotencyValue.parse(replies[1].string)
                offset = 2
            }
        }
        let leased = replies[offset].string == "OK"
        let cached = replies[offset + 1].bytes.flatMap(CachedSessionFormat.decode)
        return TurnStart(leaseAcquired: leased, cached: cached, idempotency: claim)
    }

    public func finish(session: SessionRecord, leaseToken: String, idempotency: IdempotencyRecord?) async throws {
        let encoded = CachedSessionFormat.encode(session)
        // The script carries the session and its lease (one hash slot); the
        // idempotency record lives in its own slot, so it is a separate command
        // in the same round trip.
        var commands: [[RedisArgument]] = [[
            "EVALSHA", RedisArgument(Self.finishScript.sha1), 2,
            RedisKeys.sessionKey(session.id), RedisKeys.leaseKey(session.id),
            RedisArgument(encoded), RedisArgument(Int(sessionTTL.seconds)), RedisArgument(leaseToken),
        ]]
        if let idempotency {
            commands.append([
                "SET", RedisKeys.idempotencyKey(owner: idempotency.key.owner, key: idempotency.key.key),
                RedisArgument(IdempotencyValue.done(
                    idempotency.key.requestHash, response: idempotency.responseJSON, sessionTurnCount: idempotency.sessionTurnCount
                )),
                "PX", RedisArgument(idempotency.key.ttl.milliseconds),
            ])
        }
        let replies = try await pool.pipeline(commands)
        if case .error(let message) = replies[0], message.hasPrefix("NOSCRIPT") {
            _ = try await pool.eval(
                Self.finishScript,
                keys: [RedisKeys.sessionKey(session.id), RedisKeys.leaseKey(session.id)],
                args: [RedisArgument(encoded), RedisArgument(Int(sessionTTL.seconds)), RedisArgument(leaseToken)]
            )
        } else {
            try Self.throwOnError(replies)
        }
    }

    public func acquireLease(sessionID: String, token: String) async throws -> Bool {
        try await pool.send(leaseCommand(sessionID: sessionID, token: token)).string == "OK"
    }

    public func abandon(sessionID: String, leaseToken: String, idempotency: IdempotencyKey?) async throws {
        _ = try await pool.eval(Self.releaseScript, keys: [RedisKeys.leaseKey(sessionID)], args: [RedisArgument(leaseToken)])
        if let idempotency {
            try await pool.send(["DEL", RedisKeys.idempotencyKey(owner: idempotency.owner, key: idempotency.key)])
        }
    }

    public func idempotencyState(_ key: IdempotencyKey) async throws -> IdempotencyClaim {
        let reply = try await pool.send(["GET", RedisKeys.idempotencyKey(owner: key.owner, key: key.key)])
        return reply.isNull ? .none : IdempotencyValue.parse(reply.string)
    }

    public func reclaim(_ key: IdempotencyKey) async throws {
        try Self.throwOnError([try await pool.send([
            "SET", RedisKeys.idempotencyKey(owner: key.owner, key: key.key),
            RedisArgument(IdempotencyValue.running(key.requestHash)), "PX", RedisArgument(key.ttl.milliseconds),
        ])])
    }

    private func leaseCommand(sessionID: String, token: String) -> [RedisArgument] {
        ["SET", RedisKeys.leaseKey(sessionID), RedisArgument(token), "NX", "PX", RedisArgument(leaseTTL.milliseconds)]
    }

    private static func throwOnError(_ replies: [RESPValue]) throws {
        for reply in replies {
            if case .error(let message) = reply {
                throw RedisError(kind: .server, code: message.split(separator: " ").first.map(String.init), message: message)
            }
        }
    }
}

extension Duration {
    /// Whole milliseconds (rounded down), for Redis PX arguments.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    var seconds: Int64 { components.seconds }
}
