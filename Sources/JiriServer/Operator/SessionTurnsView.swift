import Foundation
import Handoff
import Storage

/// `GET /admin/sessions/{id}/turns`: each turn's decision with the facts it saw and its trace,
/// stored (turns before migration 0002) or rebuilt from the facts and the revision.
struct SessionTurnsView: Encodable {
    struct TurnView: Encodable {
        struct Decision: Encodable {
            var handoff: Bool
            var rule: String?
            var stage: String?
            var reason: String?
            var mode: String?
            var rulesetRevision: String?
            /// The first rule of each stage that matched, and shadow rules that would have.
            var vetoRule: String?
            var triggerRule: String?
            var deliveryRule: String?
            var shadowRules: [String]?
        }

        var turnID: String
        var seq: Int
        var createdAt: Date
        var userText: String?
        var intentID: String?
        var intentStatus: String?
        var latencyMs: Int
        var decision: Decision
        /// Nil when the turn stored none (or it no longer decodes).
        var facts: HandoffFacts?
        var trace: DecisionTrace?
        /// `stored`, `rebuilt`, or nil when there is no trace: the turn was not decided, or its
        /// revision came from a rules file that has changed since.
        var traceSource: String?

        init(_ turn: SessionTurnDecision, sessionID: String, engines: [String: HandoffEngine]) {
            turnID = turn.turnID
            seq = turn.seq
            createdAt = turn.createdAt
            userText = turn.userText
            intentID = turn.intentID
            intentStatus = turn.intentStatus
            latencyMs = turn.latencyMs
            decision = Decision(handoff: turn.handoff, rule: turn.rule, stage: turn.stage, reason: turn.reason,
                                mode: turn.mode, rulesetRevision: turn.revision, vetoRule: turn.vetoRule,
                                triggerRule: turn.triggerRule, deliveryRule: turn.deliveryRule, shadowRules: turn.shadowRules)
            facts = turn.factsJSON.flatMap { try? FactsJSONDecoder().decode($0) }
            if let stored = turn.traceJSON.flatMap({ try? JSONDecoder().decode(DecisionTrace.self, from: Data($0.utf8)) }) {
                trace = stored
                traceSource = "stored"
            } else if let facts, let revision = turn.revision, let engine = engines[revision] {
                trace = DecisionTraceRebuilder.trace(facts: facts, sessionID: sessionID, engine: engine)
                traceSource = trace == nil ? nil : "rebuilt"
            }
        }

        enum CodingKeys: String, CodingKey {
            case turnID = "turn_id", seq, createdAt, userText, intentID = "intent_id", intentStatus, latencyMs
            case decision, facts, trace, traceSource
        }
    }

    var sessionID: String
    var owner: String?
    var turns: [TurnView]
    /// Pass as `after` for the next page; nil on the last page.
    var nextAfter: Int?

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id", owner, turns, nextAfter
    }
}
