import Foundation
import Handoff
import Storage

/// `GET /admin/sessions/{id}/turns`: each turn's decision with the facts and trace stored with it.
struct SessionTurnsView: Encodable {
    struct TurnView: Encodable {
        struct Decision: Encodable {
            var handoff: Bool
            var rule: String?
            var stage: String?
            var reason: String?
            var mode: String?
            var rulesetRevision: String?
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

        init(_ turn: SessionTurnDecision) {
            turnID = turn.turnID
            seq = turn.seq
            createdAt = turn.createdAt
            userText = turn.userText
            intentID = turn.intentID
            intentStatus = turn.intentStatus
            latencyMs = turn.latencyMs
            decision = Decision(handoff: turn.handoff, rule: turn.rule, stage: turn.stage, reason: turn.reason,
                                mode: turn.mode, rulesetRevision: turn.revision)
            facts = turn.factsJSON.flatMap { try? FactsJSONDecoder().decode($0) }
            trace = turn.traceJSON.flatMap { try? JSONDecoder().decode(DecisionTrace.self, from: Data($0.utf8)) }
        }

        enum CodingKeys: String, CodingKey {
            case turnID = "turn_id", seq, createdAt, userText, intentID = "intent_id", intentStatus, latencyMs
            case decision, facts, trace
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
