/// The hand-written JSON of a turn's answer: the same members, `null`s and forms as
/// `encode(to:)` (every field of the original contract present, `deep_link_url`, `intent` and
/// `handoff` as an explicit `null`), without `JSONEncoder`'s generic machinery. The turn
/// pipeline writes each response once and sends, stores and caches that text.
extension TurnResponse: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("session_id"); writer.string(sessionID)
        writer.key("reply_text"); writer.string(replyText)
        writer.key("end_conversation"); writer.bool(endConversation)
        writer.key("handoff_to_app"); writer.bool(handoffToApp)
        writer.key("deep_link_url"); writer.string(deepLinkURL)
        writer.key("debug"); writer.value(debug)
        writer.key("turn_id"); writer.string(turnID)
        writer.key("expects_reply"); writer.bool(expectsReply)
        writer.key("intent")
        if let intent { writer.value(intent) } else { writer.null() }
        writer.key("handoff")
        if let handoff { writer.value(handoff) } else { writer.null() }
        writer.key("actions"); writer.array(actions)
        writer.endObject()
    }
}

extension TurnResponse.Debug: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("tool_trace"); writer.array(toolTrace)
        writer.key("latency_ms"); writer.integer(latencyMs)
        writer.key("mode"); writer.string(mode)
        writer.endObject()
    }
}

extension IntentInfo: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("app"); writer.string(app)
        writer.key("status"); writer.string(status)
        writer.key("slots"); writer.object(slots)
        writer.endObject()
    }
}

/// Absent optionals are left out, as the synthesised `encode(to:)` leaves them out.
extension HandoffInfo: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let rule { writer.key("rule"); writer.string(rule) }
        if let stage { writer.key("stage"); writer.string(stage) }
        if let reason { writer.key("reason"); writer.string(reason) }
        writer.key("ruleset_revision"); writer.string(rulesetRevision)
        if let mode { writer.key("mode"); writer.string(mode) }
        if let delivery { writer.key("delivery"); writer.string(delivery) }
        writer.endObject()
    }
}

extension ClientAction: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type"); writer.string(type)
        writer.key("app"); writer.string(app)
        writer.key("intent"); writer.string(intent)
        writer.key("parameters"); writer.object(parameters)
        writer.endObject()
    }
}
