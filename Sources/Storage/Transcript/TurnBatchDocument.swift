import JiriAPI
import LibPQ

/// Several turns as one JSON array, the single parameter of the batched commit
/// (`jsonb_to_recordset`): one object per turn, members named for the columns.
/// The JSON the turn already holds (request, response, state, facts) is copied
/// in as it is; timestamps travel as `timestamptz` text to the microsecond, the
/// hash as hex.
struct TurnBatchDocument {
    let json: String

    init(_ turns: [TurnRecord]) {
        var writer = JSONWriter(capacity: turns.count * 2_048)
        writer.beginArray()
        for turn in turns {
            Self.write(turn, into: &writer)
        }
        writer.endArray()
        json = writer.text
    }

    private static func write(_ turn: TurnRecord, into writer: inout JSONWriter) {
        let session = turn.session
        let decision = turn.decision
        writer.beginObject()
        writer.key("id"); writer.string(turn.turnID)
        writer.key("session_id"); writer.string(session.id)
        writer.key("owner"); writer.string(session.owner)
        writer.key("client"); writer.string(session.client)
        writer.key("session_created_at"); writer.string(PostgresTimestamp.text(session.createdAt))
        writer.key("state"); writer.json(session.stateJSON)
        writer.key("idempotency_key"); writer.string(turn.idempotencyKey)
        writer.key("request_hash"); writer.string(Hex.encode(turn.requestHash))
        writer.key("request"); writer.json(turn.requestJSON)
        writer.key("response"); writer.json(turn.responseJSON)
        writer.key("intent_id"); writer.string(turn.intentID)
        writer.key("intent_status"); writer.string(turn.intentStatus)
        writer.key("handoff"); writer.bool(decision.handoff)
        writer.key("handoff_rule"); writer.string(decision.rule)
        writer.key("handoff_stage"); writer.string(decision.stage)
        writer.key("handoff_reason"); writer.string(decision.reason)
        writer.key("handoff_mode"); writer.string(decision.mode)
        writer.key("ruleset_revision"); writer.string(decision.rulesetRevision)
        writer.key("facts")
        if let facts = decision.factsJSON { writer.json(facts) } else { writer.null() }
        writer.key("veto_rule"); writer.string(decision.vetoRule)
        writer.key("trigger_rule"); writer.string(decision.triggerRule)
        writer.key("delivery_rule"); writer.string(decision.deliveryRule)
        writer.key("shadow_rules")
        if decision.shadowRules.isEmpty {
            writer.null()
        } else {
            writer.beginArray()
            for rule in decision.shadowRules { writer.string(rule) }
            writer.endArray()
        }
        writer.key("latency_ms"); writer.integer(turn.latencyMs)
        writer.key("user_text"); writer.string(turn.userText)
        writer.key("user_at"); writer.string(PostgresTimestamp.text(turn.userAt))
        writer.key("reply_text"); writer.string(turn.replyText)
        writer.key("reply_at"); writer.string(PostgresTimestamp.text(turn.replyAt))
        writer.endObject()
    }
}
