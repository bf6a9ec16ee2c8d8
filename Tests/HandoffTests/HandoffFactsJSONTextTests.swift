import Foundation
import Handoff
import JiriAPI
import Testing

/// The facts JSON written by hand (`jsonText`) must read back as the same facts through
/// replay's `FactsJSONDecoder` and through `Decodable`.
@Suite struct HandoffFactsJSONTextTests {
    static let samples: [HandoffFacts] = [
        HandoffFacts(utteranceText: ""),
        HandoffFacts(
            utteranceText: "every fact set", intentID: "nagz.ListNagsIntent", intentApp: "nagz", intentStatus: "completed",
            intentForeground: true, intentSensitive: true, dialogueReprompts: 2, resultItemCount: 0, resultError: "timeout",
            deviceSurface: "carplay", deviceLocked: true, deviceCanContinueInForeground: true, deviceVoice: false,
            client: "app_intent", userDeclinedVisual: true, localHour: 23
        ),
        HandoffFacts(utteranceText: "He said \"open it\" \\ then left\n\ttab / slash", deviceCanContinueInForeground: false),
        HandoffFacts(utteranceText: "Zeig mir die Einkäufe — café 🚗 e\u{301}", resultItemCount: Int.min, localHour: 0),
        HandoffFacts(utteranceText: "control \u{00} \u{01} \u{1F} \u{7F}", dialogueReprompts: Int.max, resultItemCount: Int.max),
    ]

    @Test(arguments: samples)
    func replayReadsTheWrittenFactsBack(_ facts: HandoffFacts) throws {
        #expect(try FactsJSONDecoder().decode(facts.jsonText) == facts)
    }

    @Test(arguments: samples)
    func decodableReadsTheWrittenFactsBack(_ facts: HandoffFacts) throws {
        #expect(try JSONDecoder().decode(HandoffFacts.self, from: Data(facts.jsonText.utf8)) == facts)
    }

    @Test func absentFactsAreLeftOutAsEncodableLeavesThemOut() throws {
        let text = HandoffFacts(utteranceText: "hi").jsonText
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(HandoffFacts(utteranceText: "hi"))) as? [String: Any])
        #expect(Set(object.keys) == Set(encoded.keys))
        #expect(object["intent.id"] == nil)
        #expect(object["result.item_count"] == nil)
    }
}
