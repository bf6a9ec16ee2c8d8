import Conversation
import Foundation
import Handoff
import JiriAPI
import Understanding

/// A seeded pseudo-random generator (SplitMix64): the same values on every run, so a
/// failure names a seed that reproduces it.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Values of the turn's JSON types, drawn from a `SeededGenerator`: optionals nil or not,
/// text with quotes, newlines, control characters and non-ASCII, empty and full collections.
struct SeededValues {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    static let textPieces = [
        "", "a", "hello world", "\"quoted\"", "back\\slash", "new\nline", "tab\t", "\r\n", "\u{00}", "\u{01}",
        "\u{08}\u{0C}", "\u{1F}", "\u{7F}", "/path/to", "café", "e\u{301}", "😀", "👩‍👩‍👧", "日本語", "\u{2028}",
        "\u{FFFD}", "</script>", #"{"json": [1]}"#, #"\u00e9"#, " ",
    ]

    mutating func bool() -> Bool { Bool.random(using: &generator) }

    mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func anyInteger() -> Int {
        switch integer(0...3) {
        case 0: [Int.min, Int.max, 0, -1].randomElement(using: &generator)!
        case 1: Int(truncatingIfNeeded: generator.next())
        default: integer(-1_000...1_000)
        }
    }

    mutating func text() -> String {
        (0..<integer(0...4)).map { _ in Self.textPieces.randomElement(using: &generator)! }.joined()
    }

    mutating func optional<T>(_ make: (inout SeededValues) -> T) -> T? {
        bool() ? make(&self) : nil
    }

    mutating func list<T>(upTo count: Int, _ make: (inout SeededValues) -> T) -> [T] {
        (0..<integer(0...count)).map { _ in make(&self) }
    }

    mutating func dictionary<T>(upTo count: Int, _ make: (inout SeededValues) -> T) -> [String: T] {
        var members: [String: T] = [:]
        for index in 0..<integer(0...count) {
            members[text() + "\(index)"] = make(&self)
        }
        return members
    }

    // MARK: JiriAPI

    mutating func jsonValue(depth: Int = 0) -> JSONValue {
        switch integer(0...(depth < 2 ? 7 : 5)) {
        case 0: .null
        case 1: .bool(bool())
        case 2: .number(Double(integer(-100_000...100_000)))
        case 3: .number([0.1, -2.5, 1e15, 1e-7, 123.456, -0.0, 1e300].randomElement(using: &generator)!)
        case 4, 5: .string(text())
        case 6: .array(list(upTo: 3) { $0.jsonValue(depth: depth + 1) })
        default: .object(dictionary(upTo: 3) { $0.jsonValue(depth: depth + 1) })
        }
    }

    mutating func turnResponse() -> TurnResponse {
        TurnResponse(
            sessionID: text(), replyText: text(), endConversation: bool(), handoffToApp: bool(),
            deepLinkURL: optional { $0.text() },
            debug: .init(toolTrace: list(upTo: 3) { $0.text() }, latencyMs: anyInteger(), mode: text()),
            turnID: text(), expectsReply: bool(),
            intent: optional { values in
                IntentInfo(id: values.text(), app: values.text(), status: values.text(),
                           slots: values.dictionary(upTo: 3) { $0.jsonValue() })
            },
            handoff: optional { values in
                HandoffInfo(rule: values.optional { $0.text() }, stage: values.optional { $0.text() },
                            reason: values.optional { $0.text() }, rulesetRevision: values.text(),
                            mode: values.optional { $0.text() }, delivery: values.optional { $0.text() })
            },
            actions: list(upTo: 2) { values in
                ClientAction(type: values.text(), app: values.text(), intent: values.text(),
                             parameters: values.dictionary(upTo: 3) { $0.jsonValue() })
            }
        )
    }

    // MARK: Handoff

    mutating func handoffFacts() -> HandoffFacts {
        HandoffFacts(
            utteranceText: text(), intentID: optional { $0.text() }, intentApp: optional { $0.text() },
            intentStatus: optional { $0.text() }, intentForeground: bool(), intentSensitive: bool(),
            dialogueReprompts: anyInteger(), resultItemCount: optional { $0.anyInteger() },
            resultError: optional { $0.text() }, deviceSurface: text(), deviceLocked: bool(),
            deviceCanContinueInForeground: optional { $0.bool() }, deviceVoice: bool(), client: text(),
            userDeclinedVisual: bool(), localHour: anyInteger()
        )
    }

    // MARK: Dialogue

    /// Every case; `.text`, `.integer` and `.bool` only when `lossless` (the others decode as
    /// one of those).
    mutating func slotValue(lossless: Bool) -> SlotValue {
        switch integer(0...(lossless ? 2 : 6)) {
        case 0: .text(text())
        case 1: .integer(anyInteger())
        case 2: .bool(bool())
        case 3: .minutes(integer(0...10_000))
        case 4: .date(Date(timeIntervalSince1970: Double(integer(-2_000_000_000...4_000_000_000))))
        case 5: .enumCase(text())
        default: .entity(text())
        }
    }

    mutating func pendingIntent(lossless: Bool) -> PendingIntent {
        PendingIntent(intentID: text(), slots: dictionary(upTo: 4) { $0.slotValue(lossless: lossless) },
                      awaiting: optional { $0.text() }, awaitingConfirmation: bool(), reprompts: anyInteger())
    }

    mutating func dialogueState(lossless: Bool) -> DialogueState {
        var state = DialogueState(pending: optional { $0.pendingIntent(lossless: lossless) }, declinedVisual: bool(),
                                  lastIntent: optional { $0.pendingIntent(lossless: lossless) },
                                  setAside: optional { $0.pendingIntent(lossless: lossless) })
        for _ in 0..<integer(0...3) {
            state.remember(user: text(), assistant: text())
        }
        return state
    }
}
