import Foundation
import LibPQ

/// One turn of a session with its handoff decision and trace, for operators.
public struct SessionTurnDecision: Sendable, Hashable {
    public var turnID: String
    public var seq: Int
    public var owner: String
    public var createdAt: Date
    public var userText: String?
    public var intentID: String?
    public var intentStatus: String?
    public var handoff: Bool
    public var rule: String?
    public var stage: String?
    public var reason: String?
    public var mode: String?
    /// Nil for a turn that was never decided (it ended the conversation).
    public var revision: String?
    public var factsJSON: String?
    /// The first match of each stage and the shadow matches (nil for turns stored before
    /// migration 0002, whose full trace is in `traceJSON`).
    public var vetoRule: String?
    public var triggerRule: String?
    public var deliveryRule: String?
    public var shadowRules: [String]?
    /// The `DecisionTrace` JSON that turns stored before migration 0002 kept; newer turns
    /// store none (the trace is rebuilt from the facts and the revision).
    public var traceJSON: String?
    public var latencyMs: Int
}

/// Reads the decisions of one session's turns, oldest first.
public struct SessionTurnDecisions: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Up to `limit` turns with `seq` above `after`; nil when the session does not exist.
    public func turns(sessionID: String, after: Int = 0, limit: Int = 100) async throws -> [SessionTurnDecision]? {
        let rows = try await pool.query(
            """
            SELECT s.id AS session, t.id, t.seq, t.owner, t.created_at, t.user_text,
                   t.intent_id, t.intent_status, t.handoff, t.handoff_rule, t.handoff_stage, t.handoff_reason,
                   t.handoff_mode, t.ruleset_revision, t.facts, t.handoff_trace::text AS trace,
                   t.veto_rule, t.trigger_rule, t.delivery_rule, t.shadow_rules, t.latency_ms
            FROM sessions s
            LEFT JOIN LATERAL (
                SELECT * FROM turns WHERE session_id = s.id AND seq > \(after) ORDER BY seq LIMIT \(limit)
            ) t ON true
            WHERE s.id = \(sessionID)
            ORDER BY t.seq
            """
        )
        guard !rows.isEmpty else { return nil }
        return try rows.filter { !$0.isNull("id") }.map { row in
            SessionTurnDecision(
                turnID: try row.decode("id"), seq: try row.decode("seq"), owner: try row.decode("owner"),
                createdAt: try row.decode("created_at"), userText: try row.decode("user_text"),
                intentID: try row.decode("intent_id"), intentStatus: try row.decode("intent_status"),
                handoff: try row.decode("handoff"), rule: try row.decode("handoff_rule"),
                stage: try row.decode("handoff_stage"), reason: try row.decode("handoff_reason"),
                mode: try row.decode("handoff_mode"), revision: try row.decode("ruleset_revision"),
                factsJSON: try row.decode("facts"),
                vetoRule: try row.decode("veto_rule"), triggerRule: try row.decode("trigger_rule"),
                deliveryRule: try row.decode("delivery_rule"), shadowRules: try row.decode("shadow_rules"),
                traceJSON: try row.decode("trace"),
                latencyMs: try row.decode("latency_ms")
            )
        }
    }
}
