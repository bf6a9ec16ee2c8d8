import LibPQ

/// Several turns as the parameters of the batched commit: one `text[]` per
/// column, each element one turn's value, read back into rows by `unnest`.
/// Binary arrays carry every value as its bytes, so Postgres parses no JSON
/// document to take a batch apart, and the JSON the turn already holds
/// (request, response, state, facts) lands in its `text` column as it is.
/// Timestamps travel as `timestamptz` text to the microsecond, the hash as hex,
/// the shadow rules as an array literal; the statement casts them back.
struct TurnBatchColumns {
    /// The columns in parameter order, as the statement names them.
    static let names = [
        "id", "session_id", "owner", "client", "session_created_at", "state", "idempotency_key", "request_hash",
        "request", "response", "intent_id", "intent_status", "handoff", "handoff_rule", "handoff_stage",
        "handoff_reason", "handoff_mode", "ruleset_revision", "facts", "veto_rule", "trigger_rule", "delivery_rule",
        "shadow_rules", "latency_ms", "user_text", "user_at", "reply_text", "reply_at",
    ]

    let parameters: [PostgresValue]

    init(_ turns: [TurnRecord]) {
        var columns = Array(repeating: [String?](), count: Self.names.count)
        for index in columns.indices { columns[index].reserveCapacity(turns.count) }
        for turn in turns {
            let session = turn.session
            let decision = turn.decision
            let values: [String?] = [
                turn.turnID, session.id, session.owner, session.client, PostgresTimestamp.text(session.createdAt),
                session.stateJSON, turn.idempotencyKey, Hex.encode(turn.requestHash), turn.requestJSON,
                turn.responseJSON, turn.intentID, turn.intentStatus, decision.handoff ? "t" : "f", decision.rule,
                decision.stage, decision.reason, decision.mode, decision.rulesetRevision, decision.factsJSON,
                decision.vetoRule, decision.triggerRule, decision.deliveryRule,
                decision.shadowRules.isEmpty ? nil : PostgresTextFormat.textArrayLiteral(decision.shadowRules),
                String(turn.latencyMs), turn.userText, PostgresTimestamp.text(turn.userAt), turn.replyText,
                PostgresTimestamp.text(turn.replyAt),
            ]
            for (index, value) in values.enumerated() {
                columns[index].append(value)
            }
        }
        parameters = columns.map { PostgresTextArray($0).postgresValue }
    }
}
