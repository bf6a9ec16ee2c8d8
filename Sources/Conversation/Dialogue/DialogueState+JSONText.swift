import JiriAPI
import Understanding

/// The hand-written JSON of the dialogue state stored with each session: the members and
/// forms of the synthesised `encode(to:)` (absent optionals left out), without `JSONEncoder`.
/// Every turn writes it once.
extension DialogueState: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        if let pending { writer.key("pending"); writer.value(pending) }
        writer.key("declinedVisual"); writer.bool(declinedVisual)
        if let lastIntent { writer.key("lastIntent"); writer.value(lastIntent) }
        writer.key("recent"); writer.array(recent)
        if let setAside { writer.key("setAside"); writer.value(setAside) }
        writer.endObject()
    }
}

extension PendingIntent: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("intentID"); writer.string(intentID)
        writer.key("slots")
        writer.beginObject()
        for (name, value) in slots {
            writer.key(escaping: name)
            writer.slot(value)
        }
        writer.endObject()
        if let awaiting { writer.key("awaiting"); writer.string(awaiting) }
        writer.key("awaitingConfirmation"); writer.bool(awaitingConfirmation)
        writer.key("reprompts"); writer.integer(reprompts)
        writer.endObject()
    }
}

extension ContextMessage: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("role"); writer.string(role)
        writer.key("content"); writer.string(content)
        writer.endObject()
    }
}

extension JSONWriter {
    /// As `SlotValue.encode(to:)`: a string, a whole number, a boolean, or a date's
    /// ISO 8601 string (`stringValue` formats it as `encode(to:)` does).
    fileprivate mutating func slot(_ value: SlotValue) {
        switch value {
        case .text(let text), .enumCase(let text), .entity(let text): string(text)
        case .integer(let number), .minutes(let number): integer(number)
        case .date: string(value.stringValue)
        case .bool(let flag): bool(flag)
        }
    }
}
