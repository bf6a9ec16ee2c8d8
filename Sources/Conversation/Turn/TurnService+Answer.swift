import Foundation
import Handoff
import JiriAPI
import Storage
import Understanding

extension TurnService {
    struct Answered {
        var reply: TurnReply
        /// The session as committed, for the cache; nil when the turn was
        /// answered from a stored response instead.
        var session: SessionRecord?
    }

    /// Understands and answers the turn, then commits it to Postgres. Nothing
    /// is cached or sent before the commit succeeds.
    func answer(context: Context, sessionID: String, cached: SessionRecord?, request canonical: CanonicalRequest, started: ContinuousClock.Instant) async throws -> Answered {
        let request = context.request
        let owner = context.principal.id
        var session = try await loadSession(sessionID, cached: cached, context: context)
        guard session.owner == owner else {
            throw TurnError(.sessionNotFound, "No session \(sessionID).")
        }
        let state = DialogueState(storedJSON: session.stateJSON)
        let timeZone = TimeZone(identifier: request.meta.timezone) ?? TimeZone(identifier: TurnMeta.defaultTimezone)!
        let matchContext = MatchContext(timeZone: timeZone, now: context.receivedAt)
        let turnID = context.idempotencyKey ?? TurnIdentifier.generate(now: context.receivedAt)

        var outcome = await dialogue.respond(to: request.userText, state: state, principal: context.principal, context: matchContext, turnID: turnID)

        let active = rules.active
        let utterance = active.scan(request.userText)
        outcome.state.declinedVisual = outcome.state.declinedVisual || active.declinesVisual(utterance)
        let facts = HandoffFacts(request: request, outcome: outcome, context: matchContext)
        let decision = outcome.endConversation ? nil : active.decide(facts, rolloutKey: sessionID, utterance: utterance)
        if let decision { ruleCounters.record(decision) }
        let handoff = decision?.handoff ?? false
        let reply = SpokenReply(reply: outcome.replyText, mode: outcome.mode, decision: decision)
        if handoff, var intent = outcome.intent, outcome.foreground {
            intent.status = "handed_off"
            outcome.intent = intent
        }
        outcome.state.remember(user: request.userText, assistant: reply.stored)

        let replyAt = Date()
        let response = TurnResponse(
            sessionID: sessionID,
            replyText: reply.spoken,
            endConversation: outcome.endConversation,
            handoffToApp: handoff,
            deepLinkURL: handoff ? decision?.deepLinkURL(sessionID: sessionID) : nil,
            debug: TurnResponse.Debug(toolTrace: outcome.toolTrace, latencyMs: Int((ContinuousClock.now - started).milliseconds), mode: handoff ? "handoff" : outcome.mode),
            turnID: turnID,
            expectsReply: outcome.expectsReply && !handoff,
            intent: outcome.intent,
            handoff: decision.map {
                HandoffInfo(rule: $0.rule, stage: $0.stage, reason: $0.reason, rulesetRevision: $0.rulesetRevision, mode: $0.mode, delivery: $0.delivery)
            },
            actions: outcome.actions
        )

        session.stateJSON = outcome.state.jsonText
        let body = response.jsonText
        let record = TurnRecord(
            turnID: turnID, session: session, idempotencyKey: context.idempotencyKey,
            requestHash: canonical.hash,
            requestJSON: canonical.json,
            responseJSON: body,
            userText: request.userText, userAt: context.receivedAt,
            replyText: reply.stored, replyAt: replyAt,
            intentID: outcome.intent?.id, intentStatus: outcome.intent?.status,
            decision: HandoffRecord(
                handoff: handoff, rule: decision?.rule, stage: decision?.stage, reason: decision?.reason,
                mode: decision?.mode, rulesetRevision: decision?.rulesetRevision,
                factsJSON: facts.jsonText,
                vetoRule: decision?.vetoRule, triggerRule: decision?.triggerRule, deliveryRule: decision?.deliveryRule,
                shadowRules: decision?.shadowMatches ?? []
            ),
            latencyMs: response.debug.latencyMs
        )
        do {
            session.turnCount = try await transcripts.commit(record)
        } catch TranscriptStoreError.sessionOwnedByAnother {
            throw TurnError(.sessionNotFound, "No session \(sessionID).")
        } catch TranscriptStoreError.duplicateIdempotencyKey {
            if let key = context.idempotencyKey, let stored = try await storedTurn(owner: owner, key: key) {
                return Answered(reply: try replay(stored, requestHash: canonical.hash, keyed: true), session: nil)
            }
            throw TurnError(.sessionBusy, "This turn is already being answered.")
        } catch TranscriptStoreError.concurrentTurn {
            throw TurnError(.sessionBusy, "Another turn of this session committed first; try again.")
        } catch {
            throw Self.unavailable(error)
        }
        return Answered(reply: TurnReply(body: body, outcome: TurnOutcome(response)), session: session)
    }

    /// The cached session, else the stored one, else a new session for this principal.
    private func loadSession(_ sessionID: String, cached: SessionRecord?, context: Context) async throws -> SessionRecord {
        if let cached { return cached }
        do {
            if let stored = try await transcripts.session(id: sessionID) { return stored }
        } catch {
            throw Self.unavailable(error)
        }
        return SessionRecord(
            id: sessionID, owner: context.principal.id, client: context.request.client,
            createdAt: context.receivedAt, turnCount: 0, stateJSON: "{}"
        )
    }
}

extension HandoffFacts {
    /// The facts the handoff rules see for this turn.
    init(request: TurnRequest, outcome: DialogueOutcome, context: MatchContext) {
        self.init(
            utteranceText: request.userText,
            utteranceRequest: HandoffFacts.request(in: request.userText, dictated: outcome.dictated),
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
            userDeclinedVisual: outcome.state.declinedVisual,
            localHour: context.localHour
        )
    }
}
