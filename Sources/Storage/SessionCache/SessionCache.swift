import Foundation

/// The fast path for live sessions: cached state, the per-session lease that
/// keeps two turns of one session from interleaving, and idempotency records.
/// Losing it loses nothing durable: Postgres has every answered turn.
public protocol SessionCache: Sendable {
    /// One round trip: claims the idempotency key (when given), tries to take
    /// the session's lease and takes the cached session out of the cache (only
    /// ``finish(session:leaseToken:idempotency:)`` puts it back, so an unfinished
    /// turn leaves a cache miss, never a stale session).
    func begin(_ start: TurnStartRequest) async throws -> TurnStart

    /// One round trip: caches the session, releases the lease (only if still
    /// ours) and records the answered response under the idempotency key.
    func finish(session: SessionRecord, leaseToken: String, idempotency: IdempotencyRecord?) async throws

    /// Tries the lease again (a turn waiting for a busy session).
    func acquireLease(sessionID: String, token: String) async throws -> Bool

    /// Gives the lease and the idempotency claim back after a failed turn.
    func abandon(sessionID: String, leaseToken: String, idempotency: IdempotencyKey?) async throws

    /// Reads an idempotency record (a repeat waiting for the first to finish).
    func idempotencyState(_ key: IdempotencyKey) async throws -> IdempotencyClaim

    /// Claims a key that holds an answer which no longer counts (the session moved on
    /// since), so a retry of this turn waits for this turn's answer.
    func reclaim(_ key: IdempotencyKey) async throws
}

public struct IdempotencyKey: Sendable, Hashable {
    public var owner: String
    public var key: String
    public var requestHash: [UInt8]
    public var ttl: Duration

    public init(owner: String, key: String, requestHash: [UInt8], ttl: Duration) {
        self.owner = owner
        self.key = key
        self.requestHash = requestHash
        self.ttl = ttl
    }
}

public struct IdempotencyRecord: Sendable {
    public var key: IdempotencyKey
    public var responseJSON: String
    /// The session's turn count after the answered turn: a keyless repeat is a retry only
    /// while the session has not moved on.
    public var sessionTurnCount: Int?

    public init(key: IdempotencyKey, responseJSON: String, sessionTurnCount: Int? = nil) {
        self.key = key
        self.responseJSON = responseJSON
        self.sessionTurnCount = sessionTurnCount
    }
}

public struct TurnStartRequest: Sendable {
    public var sessionID: String
    public var leaseToken: String
    public var idempotency: IdempotencyKey?

    public init(sessionID: String, leaseToken: String, idempotency: IdempotencyKey?) {
        self.sessionID = sessionID
        self.leaseToken = leaseToken
        self.idempotency = idempotency
    }
}

public struct TurnStart: Sendable {
    public var leaseAcquired: Bool
    public var cached: SessionRecord?
    public var idempotency: IdempotencyClaim
}

public enum IdempotencyClaim: Sendable, Equatable {
    /// No key was given.
    case none
    /// This turn owns the key now.
    case claimed
    /// Another request with this key is still running; its body hashed to this.
    case inProgress(requestHash: [UInt8])
    /// Already answered.
    case completed(StoredTurn)
}
