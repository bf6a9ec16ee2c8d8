import Catalog
import Crypto
import Foundation
import Handoff
import JiriAPI
import Logging
import Metrics
import Storage
import Understanding

/// Answers one turn: lease the session, understand, run the dialogue and its
/// tools, decide the handoff, commit to Postgres, then cache in Redis. Data
/// flows one way, from the request to the stores.
public struct TurnService: Sendable {
    let transcripts: any TranscriptStore
    let cache: (any SessionCache)?
    let dialogue: DialogueEngine
    let rules: RulesProvider
    let configuration: TurnConfiguration
    let logger: Logger

    public init(
        transcripts: any TranscriptStore,
        cache: (any SessionCache)?,
        catalog: Catalog,
        matcher: IntentMatcher,
        connectors: ConnectorRegistry,
        rules: RulesProvider,
        configuration: TurnConfiguration = TurnConfiguration(),
        logger: Logger
    ) {
        self.transcripts = transcripts
        self.cache = cache
        self.dialogue = DialogueEngine(catalog: catalog, matcher: matcher, connectors: connectors, maxReprompts: configuration.maxReprompts)
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

    public func handle(_ context: Context) async throws -> TurnResponse {
        let clock = ContinuousClock.now
        let request = context.request
        let owner = context.principal.id
        let requestHash = Self.hash(request)
        let explicitKey = context.idempotencyKey
        let sessionID = request.sessionID.flatMap { $0.isEmpty ? nil : $0 } ?? SessionIdentifier.generate()
        let idempotency = IdempotencyKey(
            owner: owner,
            key: explicitKey.map { "k:\($0)" } ?? "auto:\(Self.hex(Self.fingerprint(request, owner: owner)))",
            requestHash: requestHash,
            ttl: explicitKey == nil ? configuration.retryWindow : configuration.idempotencyTTL
        )
        // A zero retry window turns keyless retry detection off.
        let claim: IdempotencyKey? = explicitKey == nil && configuration.retryWindow == .zero ? nil : idempotency
        if let explicitKey, let stored = try await storedTurn(owner: owner, key: explicitKey) {
            return try replay(stored, requestHash: requestHash)
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
                case .completed(let stored):
                    if holdsLease { try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: nil) }
                    return try replay(stored, requestHash: requestHash)
                case .inProgress(let hash):
                    if holdsLease { try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: nil) }
                    guard hash == requestHash else { throw Self.keyReused }
                    return try await awaitFirst(idempotency, cache: cache, requestHash: requestHash)
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
                logger.warning("redis unavailable, serving from postgres", metadata: ["error": "\(error)"])
            }
        }

        do {
            let response = try await answer(
                context: context, sessionID: sessionID, cached: cached, idempotency: idempotency,
                requestHash: requestHash, started: clock
            )
            if let cache, let session = response.session {
                do {
                    try await cache.finish(
                        session: session, leaseToken: leaseToken,
                        idempotency: claim.map { IdempotencyRecord(key: $0, responseJSON: response.json) }
                    )
                } catch {
                    logger.warning("could not cache the session in redis", metadata: ["error": "\(error)"])
                }
            }
            return response.response
        } catch {
            if let cache, holdsLease {
                try? await cache.abandon(sessionID: sessionID, leaseToken: leaseToken, idempotency: claim)
            }
            throw error
        }
    }

    private struct Answered {
        var response: TurnResponse
        var json: String
        var session: SessionRecord?
    }

    private func answer(context: Context, sessionID: String, cached: SessionRecord?, idempotency: IdempotencyKey, requestHash: [UInt8], started: ContinuousClock.Instant) async throws -> Answered {
        let request = context.request
        let owner = context.principal.id
        var session: SessionRecord
        do {
            if let cached {
                session = cached
            } else if let stored = try await transcripts.session(id: sessionID) {
                session = stored
            } else {
                session = SessionRecord(id: sessionID, owner: owner, client: request.client, createdAt: context.receivedAt, turnCount: 0, stateJSON: "{}")
            }
        } catch {
            throw Self.unavailable(error)
        }
        guard session.owner == owner else {
            throw TurnError(.sessionNotFound, "No session \(sessionID).")
        }
        let state = (try? JSONDecoder().decode(DialogueState.self, from: Data(session.stateJSON.utf8))) ?? DialogueState()
        let timeZone = TimeZone(identifier: request.meta.timezone) ?? TimeZone(identifier: TurnMeta.defaultTimezone)!
        let matchContext = MatchContext(timeZone: timeZone, now: context.receivedAt)
        let turnID = context.idempotencyKey ?? SessionIdentifier.generate()

        var outcome = await dialogue.respond(to: request.userText, state: state, principal: context.principal, context: matchContext, turnID: turnID)

        let active = rules.active
        let declined = outcome.state.declinedVisual || active.ruleset.declinesVisual(request.userText)
        outcome.state.declinedVisual = declined
        let facts = HandoffFacts(
            utteranceText: request.userText,
            intentID: outcome.intent?.id,
            intentApp: outcome.intent?.app,
            intentStatus: outcome.intent?.status,
            intentForeground: outcome.foreground,
            intentSensitive: outcome.sensitive,
            dialogueReprompts: outcome.reprompts,
            resultItemCount: outcome.itemCount,
            resultError: outcome.toolError,
            deviceSurface: request.meta.resolvedSurface,
            deviceLocked: request.meta.locked ?? false,
            deviceCanContinueInForeground: request.meta.canContinueInForeground,
            deviceVoice: request.meta.voice,
            client: request.client,
            userDeclinedVisual: declined,
            localHour: Calendar.hour(of: context.receivedAt, in: timeZone)
        )
        let decision = outcome.endConversation ? nil : active.engine.explain(facts, rolloutKey: sessionID)
        if let decision {  // Per-rule counters on /metrics, by revision (README: "Operating the handoff rules").
            let firstMatches = [decision.vetoRule, decision.triggerRule, decision.deliveryRule].compactMap { $0 }
            for (event, rules) in [("matched", firstMatches), ("decided", decision.rule.map { [$0] } ?? []), ("shadow_matched", decision.shadowMatches)] {
                for rule in rules {
                    Counter(label: "jiri_handoff_rule_\(event)_total", dimensions: [("rule", rule), ("revision", decision.rulesetRevision)]).increment()
                }
            }
        }
        let handoff = decision?.handoff ?? false
        let dialogueReply = outcome.replyText
        if outcome.mode == "fallback", let decision, decision.handoff || decision.stage == "veto" {
            // Nothing here can answer it, but the app can: say so instead of the
            // "I can't help with that" fallback.
            outcome.replyText = decision.handoff ? "Let's do that in the app." : ""
        }
        var spoken = outcome.replyText
        if handoff, let suffix = decision?.spokenSuffix, !suffix.isEmpty {
            spoken += " " + suffix
        } else if !handoff, let suffix = decision?.spokenSuffix, !suffix.isEmpty, decision?.stage == "veto" {
            spoken = spoken.isEmpty ? suffix : spoken + " " + suffix
        }
        if spoken.isEmpty {
            spoken = dialogueReply
        }
        if outcome.replyText.isEmpty {
            outcome.replyText = spoken
        }
        if handoff, var intent = outcome.intent, outcome.foreground {
            intent.status = "handed_off"
            outcome.intent = intent
        }
        outcome.state.remember(user: request.userText, assistant: outcome.replyText)

        let replyAt = Date()
        var response = TurnResponse(
            sessionID: sessionID,
            replyText: spoken,
            endConversation: outcome.endConversation,
            handoffToApp: handoff,
            deepLinkURL: handoff ? decision?.deepLinkURL(sessionID: sessionID) : nil,
            debug: TurnResponse.Debug(toolTrace: outcome.toolTrace, latencyMs: 0, mode: handoff ? "handoff" : outcome.mode),
            turnID: turnID,
            expectsReply: outcome.expectsReply && !handoff,
            intent: outcome.intent,
            handoff: decision.map {
                HandoffInfo(rule: $0.rule, stage: $0.stage, reason: $0.reason, rulesetRevision: $0.rulesetRevision, mode: $0.mode, delivery: $0.delivery)
            },
            actions: outcome.actions
        )
        response.debug.latencyMs = Int((ContinuousClock.now - started).components.seconds * 1000
            + (ContinuousClock.now - started).components.attoseconds / 1_000_000_000_000_000)

        session.stateJSON = String(decoding: try JSONEncoder().encode(outcome.state), as: UTF8.self)
        let encoder = JSONEncoder()
        let responseJSON = String(decoding: try encoder.encode(response), as: UTF8.self)
        let record = TurnRecord(
            turnID: turnID, session: session, idempotencyKey: context.idempotencyKey,
            requestHash: requestHash,
            requestJSON: String(decoding: try encoder.encode(request), as: UTF8.self),
            responseJSON: responseJSON,
            userText: request.userText, userAt: context.receivedAt,
            replyText: outcome.replyText, replyAt: replyAt,
            intentID: outcome.intent?.id, intentStatus: outcome.intent?.status,
            decision: HandoffRecord(
                handoff: handoff, rule: decision?.rule, stage: decision?.stage, reason: decision?.reason,
                mode: decision?.mode, rulesetRevision: decision?.rulesetRevision,
                factsJSON: String(decoding: try encoder.encode(facts), as: UTF8.self),
                traceJSON: try decision?.trace.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            ),
            latencyMs: response.debug.latencyMs
        )
        do {
            session.turnCount = try await transcripts.commit(record)
        } catch TranscriptStoreError.sessionOwnedByAnother {
            throw TurnError(.sessionNotFound, "No session \(sessionID).")
        } catch TranscriptStoreError.duplicateIdempotencyKey {
            if let key = context.idempotencyKey, let stored = try await storedTurn(owner: owner, key: key) {
                return Answered(response: try replay(stored, requestHash: requestHash), json: stored.responseJSON, session: nil)
            }
            throw TurnError(.sessionBusy, "This turn is already being answered.")
        } catch TranscriptStoreError.concurrentTurn {
            throw TurnError(.sessionBusy, "Another turn of this session committed first; try again.")
        } catch {
            throw Self.unavailable(error)
        }
        return Answered(response: response, json: responseJSON, session: session)
    }

    private func storedTurn(owner: String, key: String) async throws -> StoredTurn? {
        do {
            return try await transcripts.storedTurn(owner: owner, idempotencyKey: key)
        } catch {
            throw Self.unavailable(error)
        }
    }

    private func replay(_ stored: StoredTurn, requestHash: [UInt8]) throws -> TurnResponse {
        guard stored.requestHash == requestHash else { throw Self.keyReused }
        return try JSONDecoder().decode(TurnResponse.self, from: Data(stored.responseJSON.utf8))
    }

    /// A repeat that arrived while the first request is still running waits for its answer.
    private func awaitFirst(_ key: IdempotencyKey, cache: any SessionCache, requestHash: [UInt8]) async throws -> TurnResponse {
        let deadline = ContinuousClock.now + configuration.leaseWait + .seconds(8)
        while ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            switch try await cache.idempotencyState(key) {
            case .completed(let stored): return try replay(stored, requestHash: requestHash)
            case .inProgress: continue
            case .none, .claimed: break
            }
            break
        }
        throw TurnError(.sessionBusy, "The same request is still being answered; try again shortly.")
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

    private static let keyReused = TurnError(.idempotencyConflict, "This idempotency key was already used with a different request.")

    private static func unavailable(_ error: any Error) -> any Error {
        if error is TurnError { return error }
        return TurnError(.storeUnavailable, "The transcript store is unavailable; nothing was saved. Try again shortly.")
    }

    /// SHA-256 of the request as decoded (so formatting and unknown fields do
    /// not matter), without the idempotency key itself.
    static func hash(_ request: TurnRequest) -> [UInt8] {
        var canonical = request
        canonical.turnID = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(canonical)) ?? Data()
        return Array(SHA256.hash(data: data))
    }

    /// Identifies a client retry that carries no key: same principal, same body.
    static func fingerprint(_ request: TurnRequest, owner: String) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: Data(owner.utf8))
        hasher.update(data: Data([0]))
        hasher.update(data: Data(hash(request)))
        return Array(hasher.finalize())
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

extension Calendar {
    static func hour(of date: Date, in timeZone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.component(.hour, from: date)
    }
}
