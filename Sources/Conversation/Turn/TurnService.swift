import Catalog
import Foundation
import Handoff
import JiriAPI
import Logging
import Metrics
import Storage
import Understanding

/// Answers one turn: lease the session, understand, run the dialogue and its
/// tools, decide the handoff, commit to Postgres, answer, then cache in Redis
/// behind the response (``CacheWriteBehind``). Data flows one way, from the
/// request to the stores.
public struct TurnService: Sendable {
    let transcripts: any TranscriptStore
    let cache: (any SessionCache)?
    let dialogue: DialogueEngine
    let rules: RulesProvider
    let configuration: TurnConfiguration
    let logger: Logger
    /// The Redis writes still running after their turns answered; graceful
    /// shutdown drains them before Redis closes.
    public let cacheWrites = CacheWriteBehind()
    let ruleCounters = HandoffRuleCounters()
    /// Repeats answered from their stored response, by whether the client named the turn.
    let replays = MetricCache { (keyed: Bool) in
        Counter(label: "jiri_turns_replayed_total", dimensions: [("key", keyed ? "client" : "retry")])
    }

    public init(
        transcripts: any TranscriptStore,
        cache: (any SessionCache)?,
        catalog: Catalog,
        matcher: IntentMatcher,
        connectors: ConnectorRegistry,
        rules: RulesProvider,
        configuration: TurnConfiguration = TurnConfiguration(),
        logger: Logger,
        understanding: (any IntentUnderstanding)? = nil
    ) {
        self.transcripts = transcripts
        self.cache = cache
        self.dialogue = DialogueEngine(
            catalog: catalog, understanding: understanding ?? MatcherUnderstanding(matcher: matcher),
            connectors: connectors, maxReprompts: configuration.maxReprompts)
        self.rules = rules
        self.configuration = configuration
        self.logger = logger
    }

    /// The request as the client sent it, with what the HTTP layer learned.
    public struct Context: Sendable {
        public var request: TurnRequest
        public var principal: Principal
        /// `turn_id` or the `Idempotency-Key` header.
        public var idempotencyKey: String?
        public var receivedAt: Date
        public var traceID: String

        public init(request: TurnRequest, principal: Principal, idempotencyKey: String?, receivedAt: Date = Date(), traceID: String) {
            self.request = request
            self.principal = principal
            self.idempotencyKey = idempotencyKey
            self.receivedAt = receivedAt
            self.traceID = traceID
        }
    }

    public func handle(_ context: Context) async throws -> TurnReply {
        let started = ContinuousClock.now
        let request = context.request
        let owner = context.principal.id
        let canonical = CanonicalRequest(request)
        let requestHash = canonical.hash
        let explicitKey = context.idempotencyKey
        let sessionID = request.sessionID.flatMap { $0.isEmpty ? nil : $0 } ?? SessionIdentifier.generate()
        let idempotency = IdempotencyKey(
            owner: owner,
            key: explicitKey.map { "k:\($0)" } ?? canonical.retryKey,
            requestHash: requestHash,
            ttl: explicitKey == nil ? configuration.retryWindow : configuration.idempotencyTTL
        )
        // A zero retry window turns keyless retry detection off.
        let claim: IdempotencyKey? = explicitKey == nil && configuration.retryWindow == .zero ? nil : idempotency
        if let explicitKey, let stored = try await storedTurn(owner: owner, key: explicitKey) {
            return try replay(stored, requestHash: requestHash, keyed: true)
        }

        let leaseToken = SessionIdentifier.generate()
        var cached: SessionRecord?
        var holdsLease = false
        if let cache {
            do {
                let start = try await cache.begin(TurnStartRequest(sessionID: sessionID, leaseToken: leaseToken, idempotency: claim))
                holdsLease = start.leaseAcquired
                cached = start.cached
                switch start.idempotency {
                case .none, .claimed:
                    break
                case .completed(let stored) where explicitKey == nil && holdsLease && Self.sessionMovedOn(since: stored, cached: cached):
                    // The same words as an earlier turn, said again later ("yes" to a second
                    // question): a new turn, not a client's retry, which resends only its last.
                    try await cache.reclaim(idempotency)
                case .completed(let stored):
                    if holdsLease { try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: nil) }
                    return try replay(stored, requestHash: requestHash, keyed: explicitKey != nil)
                case .inProgress(let hash):
                    if holdsLease { try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: nil) }
                    guard hash == requestHash else { throw Self.keyReused }
                    return try await awaitFirst(idempotency, keyed: explicitKey != nil, cache: cache, requestHash: requestHash)
                }
                if !holdsLease {
                    holdsLease = try await waitForLease(sessionID: sessionID, token: leaseToken, cache: cache)
                    if !holdsLease {
                        try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: claim)
                        throw TurnError(.sessionBusy, "Another turn of this session is still running; try again shortly.")
                    }
                    // The cached state may predate the turn that held the lease.
                    cached = nil
                }
            } catch let error as TurnError {
                throw error
            } catch {
                Self.redisErrors.increment()
                logger.warning("redis unavailable, serving from postgres", metadata: ["error": "\(error)"])
            }
        }

        do {
            let answered = try await answer(
                context: context, sessionID: sessionID, cached: cached, request: canonical, started: started
            )
            if let cache {
                if let session = answered.session {
                    let record = claim.map {
                        IdempotencyRecord(key: $0, responseJSON: answered.reply.body, sessionTurnCount: session.turnCount)
                    }
                    cacheWrites.start { [logger] in
                        do {
                            try await cache.finish(session: session, leaseToken: leaseToken, idempotency: record)
                        } catch {
                            Self.redisErrors.increment()
                            logger.warning("could not cache the session in redis", metadata: ["error": "\(error)"])
                        }
                    }
                } else if holdsLease {
                    // Answered from a stored response: nothing to cache, but the lease is given back.
                    try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: claim)
                }
            }
            return answered.reply
        } catch {
            if let cache, holdsLease {
                try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: claim)
            }
            throw error
        }
    }

    func storedTurn(owner: String, key: String) async throws -> StoredTurn? {
        do {
            return try await transcripts.storedTurn(owner: owner, idempotencyKey: key)
        } catch {
            throw Self.unavailable(error)
        }
    }

    /// The stored answer to a repeated request: nothing runs again. `keyed` tells a repeat
    /// with a `turn_id` / `Idempotency-Key` from a keyless client retry (same body, within
    /// the retry window), for `jiri_turns_replayed_total`.
    func replay(_ stored: StoredTurn, requestHash: [UInt8], keyed: Bool) throws -> TurnReply {
        guard stored.requestHash == requestHash else { throw Self.keyReused }
        replays[keyed].increment()
        return TurnReply(body: stored.responseJSON, outcome: try TurnOutcome(responseJSON: stored.responseJSON))
    }

    /// Whether the session has had turns since the stored one was answered. Unknown (no count
    /// stored, no cached session) counts as not: the stored answer is replayed, as before.
    static func sessionMovedOn(since stored: StoredTurn, cached: SessionRecord?) -> Bool {
        guard let count = stored.sessionTurnCount, let cached else { return false }
        return cached.turnCount > count
    }

    /// A repeat that arrived while the first request is still running waits for its answer.
    /// Gives up when the first request gave its claim back (it failed) or the wait runs out.
    private func awaitFirst(_ key: IdempotencyKey, keyed: Bool, cache: any SessionCache, requestHash: [UInt8]) async throws -> TurnReply {
        let busy = TurnError(.sessionBusy, "The same request is still being answered; try again shortly.")
        let deadline = ContinuousClock.now + configuration.leaseWait + .seconds(8)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            switch try await cache.idempotencyState(key) {
            case .completed(let stored): return try replay(stored, requestHash: requestHash, keyed: keyed)
            case .inProgress: continue
            case .none, .claimed: throw busy
            }
        }
        throw busy
    }

    private func waitForLease(sessionID: String, token: String, cache: any SessionCache) async throws -> Bool {
        let deadline = ContinuousClock.now + configuration.leaseWait
        var pause = Duration.milliseconds(5)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: pause)
            if try await cache.acquireLease(sessionID: sessionID, token: token) { return true }
            pause = min(pause * 2, .milliseconds(50))
        }
        return false
    }

    private static var redisErrors: Counter { Counter(label: "jiri_store_errors_total", dimensions: [("store", "redis")]) }

    private static let keyReused = TurnError(.idempotencyConflict, "This idempotency key was already used with a different request.")

    static func unavailable(_ error: any Error) -> any Error {
        if error is TurnError { return error }
        return TurnError(.storeUnavailable, "The transcript store is unavailable; nothing was saved. Try again shortly.")
    }
}
