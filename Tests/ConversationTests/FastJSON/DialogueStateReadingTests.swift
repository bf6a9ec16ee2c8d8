import Conversation
import Foundation
import JiriAPI
import Testing
import Understanding

/// The dialogue state read straight from its bytes must give exactly what `JSONDecoder`
/// gives, for what the hand-written encoder writes, for what `JSONEncoder` wrote into stored
/// sessions before it, and for any other formatting; anything else falls back.
@Suite struct DialogueStateReadingTests {
    static let seededCount = 300

    private func foundation(_ json: String) throws -> DialogueState {
        try JSONDecoder().decode(DialogueState.self, from: Data(json.utf8))
    }

    @Test func readsWhatTheHandWrittenEncoderWrites() throws {
        var values = SeededValues(seed: 0x5EAD_0001)
        for _ in 0..<Self.seededCount {
            let json = values.dialogueState(lossless: false).jsonText
            #expect(try DialogueState(readingJSON: json) == foundation(json), "\(json)")
        }
    }

    @Test func readsWhatJSONEncoderWrote() throws {
        var values = SeededValues(seed: 0x5EAD_0002)
        for _ in 0..<Self.seededCount {
            let json = String(decoding: try JSONEncoder().encode(values.dialogueState(lossless: false)), as: UTF8.self)
            #expect(try DialogueState(readingJSON: json) == foundation(json), "\(json)")
        }
    }

    @Test func readsReformattedTextWithShuffledMembersAndEscapes() throws {
        var values = SeededValues(seed: 0x5EAD_0003)
        var generator = SeededGenerator(seed: 0x5EAD_0004)
        for _ in 0..<Self.seededCount {
            let json = try JSONGraph.reformatted(values.dialogueState(lossless: false).jsonText, using: &generator)
            #expect(try DialogueState(readingJSON: json) == foundation(json), "\(json)")
        }
    }

    @Test func readsEscapesSurrogatePairsAndUnknownMembers() throws {
        let json = #"""
             	{ "future": {"deep": [1, 2.5e-3, null, {"x": "\""}]},
              "recent": [ {"content": "caf\u00e9 \ud83d\ude00 a\/b \u0041", "role": "user", "extra": false} ],
              "declinedVisual": true, "pending": null,
              "lastIntent": {"reprompts": -3, "slots": {"w\u00e9r": "Emma", "n": 12, "ok": false},
                             "awaitingConfirmation": false, "intentID": "nagz.CreateNagIntent", "awaiting": null} }
            """#
        var expected = DialogueState(
            declinedVisual: true,
            lastIntent: PendingIntent(intentID: "nagz.CreateNagIntent",
                                      slots: ["wér": .text("Emma"), "n": .integer(12), "ok": .bool(false)], reprompts: -3))
        expected.remember(user: "café 😀 a/b A", assistant: "")
        expected.recent.removeLast()
        #expect(try DialogueState(readingJSON: json) == expected)
        #expect(try foundation(json) == expected)
    }

    /// Inputs the reader leaves to `JSONDecoder`: malformed text, members missing, of another
    /// type or given twice, numbers with a fraction or exponent, lone surrogates, deep nesting.
    static let leftToFoundation = [
        "", "   ", "{", "[]", "null", "{}", #"{"declinedVisual": true}"#, #"{"recent": []}"#,
        #"{"declinedVisual": 1, "recent": []}"#,
        #"{"declinedVisual": true, "recent": {}}"#,
        #"{"declinedVisual": true, "recent": [], "extra": 1,}"#,
        #"{"declinedVisual": true, "recent": []} trailing"#,
        #"{"declinedVisual": true, "declinedVisual": false, "recent": []}"#,
        #"{"declinedVisual": true, "recent": [{"role": "user"}]}"#,
        #"{"declinedVisual": true, "recent": [{"role": "u\ud800", "content": ""}]}"#,
        #"{"declinedVisual": true, "recent": [], "pending": {"intentID": "x", "slots": {"a": 1.0}, "awaitingConfirmation": false, "reprompts": 2e0}}"#,
        #"{"declinedVisual": true, "recent": [], "pending": {"intentID": "x", "slots": {"a": null}, "awaitingConfirmation": false, "reprompts": 0}}"#,
        #"{"declinedVisual": true, "recent": [], "pending": {"intentID": "x", "slots": {"a": 1, "a": 2}, "awaitingConfirmation": false, "reprompts": 0}}"#,
        #"{"declinedVisual": true, "recent": [], "pending": {"intentID": "x", "slots": {}, "awaitingConfirmation": false, "reprompts": 99999999999999999999}}"#,
        #"{"declinedVisual": true, "recent": [], "deep": "# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ]

    @Test(arguments: leftToFoundation)
    func textTheReaderCannotReadExactlyFallsBackToJSONDecoderThenToAnEmptyState(_ json: String) {
        #expect(throws: JSONSyntaxError.self) { try DialogueState(readingJSON: json) }
        #expect(DialogueState(storedJSON: json) == ((try? foundation(json)) ?? DialogueState()))
    }

    @Test func aNumberWrittenWithAnExponentIsStillReadByTheFallback() {
        let json = #"{"declinedVisual": false, "recent": [], "pending": {"intentID": "x", "slots": {"n": 1e1}, "awaitingConfirmation": false, "reprompts": 2.0}}"#
        let state = DialogueState(storedJSON: json)
        #expect(state.pending == PendingIntent(intentID: "x", slots: ["n": .integer(10)], reprompts: 2))
    }

    @Test func aNewSessionsEmptyObjectIsAnEmptyState() {
        #expect(DialogueState(storedJSON: "{}") == DialogueState())
    }
}
