import Foundation
import Handoff
import Testing

/// `FactsJSONDecoder` must read stored facts exactly as `HandoffFacts`' `Decodable` does.
@Suite struct RulesFactsDecoderTests {
    let decoder = FactsJSONDecoder()

    static let samples: [HandoffFacts] = [
        HandoffFacts(utteranceText: ""),
        HandoffFacts(utteranceText: "show me my nags", intentID: "nagz.ListNagsIntent", intentApp: "nagz",
                     intentStatus: "completed", resultItemCount: 12, deviceSurface: "homepod", deviceLocked: true,
                     deviceCanContinueInForeground: false, client: "app_intent", userDeclinedVisual: true, localHour: 0),
        HandoffFacts(utteranceText: "He said \"open it\" \\ then left\n\ttab", intentForeground: true,
                     intentSensitive: true, dialogueReprompts: 3, resultError: "timeout", deviceVoice: false),
        HandoffFacts(utteranceText: "Zeig mir die Einkäufe — café 🚗 ok", resultItemCount: -4, localHour: 23),
        HandoffFacts(utteranceText: "control \u{01} and \u{1F} characters", resultItemCount: Int.max),
        HandoffFacts(utteranceText: "min", resultItemCount: Int.min, deviceCanContinueInForeground: true),
    ]

    @Test(arguments: samples)
    func decodesWhatJSONEncoderWrites(_ facts: HandoffFacts) throws {
        let json = String(decoding: try JSONEncoder().encode(facts), as: UTF8.self)
        #expect(try decoder.decode(json) == facts)
    }

    @Test func decodesPostgresJSONBTextWithSpacesNullsAndEscapes() throws {
        let json = #"""
            {"client": "shortcut", "intent.id": null, "device.voice": true, "result.item_count": 7,
             "utterance.text": "caf\u00e9 \ud83d\ude97 \"x\" \/ \b\f\r", "time.local_hour": 9 }
            """#
        let expected = HandoffFacts(utteranceText: "café 🚗 \"x\" / \u{08}\u{0C}\r", resultItemCount: 7, localHour: 9)
        #expect(try decoder.decode(json) == expected)
        #expect(try JSONDecoder().decode(HandoffFacts.self, from: Data(json.utf8)) == expected)
    }

    @Test func aWholeNumberWrittenWithAFractionOrExponentIsAnInteger() throws {
        let json = #"{"result.item_count": 1e2, "dialogue.reprompts": 2.0, "time.local_hour": 1.5E+1}"#
        let expected = HandoffFacts(utteranceText: "", dialogueReprompts: 2, resultItemCount: 100, localHour: 15)
        #expect(try decoder.decode(json) == expected)
        #expect(try JSONDecoder().decode(HandoffFacts.self, from: Data(json.utf8)) == expected)
    }

    @Test func skipsKeysThatAreNoFactWhateverTheirValue() throws {
        let json = #"""
            {"future.fact": {"nested": [1, 2.5e3, -0.1, true, null, "s\"]"], "k": {}}, "list": [],
             "utterance.text": "hello", "n": -12.75E-2, "device.locked": true}
            """#
        #expect(try decoder.decode(json) == HandoffFacts(utteranceText: "hello", deviceLocked: true))
    }

    @Test func aLoneSurrogateEscapeBecomesTheReplacementCharacter() throws {
        let facts = try decoder.decode(#"{"utterance.text": "a\ud800b\udc00c"}"#)
        #expect(facts.utteranceText == "a\u{FFFD}b\u{FFFD}c")
    }

    @Test(arguments: [
        #"{"device.locked": "yes"}"#,
        #"{"utterance.text": 5}"#,
        #"{"result.item_count": 2.5}"#,
        #"{"result.item_count": 1.5e-1}"#,
        #"{"result.item_count": 99999999999999999999}"#,
        #"{"dialogue.reprompts": true}"#,
        #"{"client": ["a"]}"#,
    ])
    func aFactOfTheWrongKindIsAnError(_ json: String) {
        #expect(throws: FactsJSONError.self) { try decoder.decode(json) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HandoffFacts.self, from: Data(json.utf8)) }
    }

    @Test(arguments: [
        "", "[]", "{", #"{"utterance.text"}"#, #"{"utterance.text": "unterminated}"#, #"{"a": 1,}"#,
        #"{"a": 01}"#, #"{"a": tru}"#, #"{"a": 1} x"#, #"{"utterance.text": "bad \q escape"}"#,
        "{\"utterance.text\": \"raw \n newline\"}",
    ])
    func malformedJSONIsAnError(_ json: String) {
        #expect(throws: FactsJSONError.self) { try decoder.decode(json) }
    }

    @Test func theErrorNamesTheFactAndTheOffset() throws {
        let json = #"{"utterance.text": "x", "device.locked": "yes"}"#
        let error = try #require(throws: FactsJSONError.self) { try decoder.decode(json) }
        #expect(error.message.contains("device.locked"))
        #expect(error.offset == json.utf8.count - 6)
    }
}
