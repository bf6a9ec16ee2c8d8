import JiriAPI

/// What `/metrics` counts of an answered turn: the labels of `jiri_turns_total`.
public struct TurnOutcome: Sendable, Hashable {
    public var intentID: String?
    public var handoffToApp: Bool
    public var mode: String

    public init(intentID: String?, handoffToApp: Bool, mode: String) {
        self.intentID = intentID
        self.handoffToApp = handoffToApp
        self.mode = mode
    }

    init(_ response: TurnResponse) {
        self.init(intentID: response.intent?.id, handoffToApp: response.handoffToApp, mode: response.debug.mode)
    }

    /// Read from a stored response's JSON, skipping the rest: a repeated request is answered
    /// with the stored body as it is, so decoding the whole response (`JSONDecoder`, 24 µs)
    /// only to count it was the most of a repeat's cost.
    init(responseJSON: String) throws(JSONSyntaxError) {
        var json = responseJSON
        self = try json.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in
                var reader = JSONByteReader<JSONSyntaxError>(bytes: bytes)
                reader.skipWhitespace()
                let outcome = try reader.readTurnOutcome()
                try reader.expectEnd()
                return outcome
            }
        }.get()
    }
}

extension JSONByteReader where Failure == JSONSyntaxError {
    fileprivate mutating func readTurnOutcome() throws(JSONSyntaxError) -> TurnOutcome {
        var intentID: String?
        var handoffToApp: Bool?
        var mode: String?
        try readObject { reader, key throws(JSONSyntaxError) in
            switch key {
            case "intent":
                guard try !reader.consumeNull() else { return }
                try reader.readObject { reader, key throws(JSONSyntaxError) in
                    if case "id" = key { intentID = try reader.readString() } else { try reader.skipValue() }
                }
            case "handoff_to_app":
                handoffToApp = try reader.readBool()
            case "debug":
                try reader.readObject { reader, key throws(JSONSyntaxError) in
                    if case "mode" = key { mode = try reader.readString() } else { try reader.skipValue() }
                }
            default:
                try reader.skipValue()
            }
        }
        guard let handoffToApp, let mode else { throw error("not a turn response: handoff_to_app or debug.mode is missing") }
        return TurnOutcome(intentID: intentID, handoffToApp: handoffToApp, mode: mode)
    }
}
