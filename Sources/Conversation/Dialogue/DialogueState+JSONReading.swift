import Foundation
import JiriAPI
import Understanding

extension DialogueState {
    /// The state stored with a session (`sessions.state`, the Redis cache): read straight from
    /// its bytes when it can be; otherwise by `JSONDecoder`; when neither can read it (a new
    /// session's `{}`, a row of an older shape), an empty state. Never fails a turn.
    public init(storedJSON json: String) {
        if let state = try? DialogueState(readingJSON: json) {
            self = state
        } else {
            self = (try? JSONDecoder().decode(DialogueState.self, from: Data(json.utf8))) ?? DialogueState()
        }
    }

    /// Reads state JSON in one pass over its bytes: what `jsonText` writes and what
    /// `JSONEncoder` wrote before it, in any member order and formatting, with any escapes.
    ///
    /// It gives exactly what `JSONDecoder` gives, or throws: besides malformed JSON, it
    /// throws for what it leaves to `JSONDecoder` (a member missing or given twice, a number
    /// written with a fraction or an exponent, a lone surrogate in a `\u` escape).
    public init(readingJSON json: String) throws(JSONSyntaxError) {
        var json = json
        self = try json.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in
                var reader = StateReader(bytes: bytes, rejectingLoneSurrogates: true)
                reader.skipWhitespace()
                let state = try reader.readDialogueState()
                try reader.expectEnd()
                return state
            }
        }.get()
    }
}

private typealias StateReader = JSONByteReader<JSONSyntaxError>

/// The members of one object already read, to refuse a member given twice (which
/// `JSONDecoder` resolves its own way).
private struct SeenMembers {
    private var bits: UInt8 = 0

    mutating func insert(_ member: UInt8, _ reader: StateReader) throws(JSONSyntaxError) {
        guard bits & 1 << member == 0 else { throw reader.error("a member given twice") }
        bits |= 1 << member
    }
}

extension JSONByteReader where Failure == JSONSyntaxError {
    fileprivate mutating func readDialogueState() throws(JSONSyntaxError) -> DialogueState {
        var pending: PendingIntent?
        var declinedVisual: Bool?
        var lastIntent: PendingIntent?
        var recent: [ContextMessage]?
        var setAside: PendingIntent?
        var seen = SeenMembers()
        try readObject { reader, key throws(JSONSyntaxError) in
            switch key {
            case "pending":
                try seen.insert(0, reader)
                pending = try reader.readOptionalPendingIntent()
            case "declinedVisual":
                try seen.insert(1, reader)
                declinedVisual = try reader.readBool()
            case "lastIntent":
                try seen.insert(2, reader)
                lastIntent = try reader.readOptionalPendingIntent()
            case "recent":
                try seen.insert(3, reader)
                var messages: [ContextMessage] = []
                try reader.readArray { reader throws(JSONSyntaxError) in
                    messages.append(try reader.readContextMessage())
                }
                recent = messages
            case "setAside":
                try seen.insert(4, reader)
                setAside = try reader.readOptionalPendingIntent()
            default:
                try reader.skipValue()
            }
        }
        guard let declinedVisual, let recent else { throw error("declinedVisual or recent missing") }
        return DialogueState(pending: pending, declinedVisual: declinedVisual, lastIntent: lastIntent, recent: recent, setAside: setAside)
    }

    private mutating func readOptionalPendingIntent() throws(JSONSyntaxError) -> PendingIntent? {
        if try consumeNull() { return nil }
        var intentID: String?
        var slots: [String: SlotValue]?
        var awaiting: String?
        var awaitingConfirmation: Bool?
        var reprompts: Int?
        var seen = SeenMembers()
        try readObject { reader, key throws(JSONSyntaxError) in
            switch key {
            case "intentID":
                try seen.insert(0, reader)
                intentID = try reader.readString()
            case "slots":
                try seen.insert(1, reader)
                slots = try reader.readSlots()
            case "awaiting":
                try seen.insert(2, reader)
                awaiting = try reader.readOptionalString()
            case "awaitingConfirmation":
                try seen.insert(3, reader)
                awaitingConfirmation = try reader.readBool()
            case "reprompts":
                try seen.insert(4, reader)
                reprompts = try reader.readInteger()
            default:
                try reader.skipValue()
            }
        }
        guard let intentID, let slots, let awaitingConfirmation, let reprompts else {
            throw error("a pending intent member missing")
        }
        return PendingIntent(intentID: intentID, slots: slots, awaiting: awaiting,
                             awaitingConfirmation: awaitingConfirmation, reprompts: reprompts)
    }

    private mutating func readContextMessage() throws(JSONSyntaxError) -> ContextMessage {
        var role: String?
        var content: String?
        var seen = SeenMembers()
        try readObject { reader, key throws(JSONSyntaxError) in
            switch key {
            case "role":
                try seen.insert(0, reader)
                role = try reader.readString()
            case "content":
                try seen.insert(1, reader)
                content = try reader.readString()
            default:
                try reader.skipValue()
            }
        }
        guard let role, let content else { throw error("role or content missing") }
        return ContextMessage(role: role, content: content)
    }

    /// As `SlotValue.init(from:)`: a boolean, a whole number or a string (`.text`).
    private mutating func readSlots() throws(JSONSyntaxError) -> [String: SlotValue] {
        var slots: [String: SlotValue] = [:]
        try readObject { reader, key throws(JSONSyntaxError) in
            let name = String(decoding: key, as: UTF8.self)
            let value: SlotValue
            switch reader.peek() {
            case UInt8(ascii: "\""): value = .text(try reader.readString())
            case UInt8(ascii: "t"), UInt8(ascii: "f"): value = .bool(try reader.readBool())
            default: value = .integer(try reader.readInteger())
            }
            guard slots.updateValue(value, forKey: name) == nil else { throw reader.error("a slot given twice") }
        }
        return slots
    }

    private mutating func readOptionalString() throws(JSONSyntaxError) -> String? {
        try consumeNull() ? nil : try readString()
    }

    /// A whole number written as one; other forms are left to `JSONDecoder`.
    private mutating func readInteger() throws(JSONSyntaxError) -> Int {
        let start = index
        guard case .integer(let value) = try readNumber() else {
            throw JSONSyntaxError(offset: start, message: "expected a whole number without fraction or exponent")
        }
        return value
    }
}
