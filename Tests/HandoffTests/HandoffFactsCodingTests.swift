import Foundation
import Testing

@testable import Handoff

@Suite struct HandoffFactsCodingTests {
    @Test func factsRoundTripThroughJSONKeyedByFactName() throws {
        let facts = HandoffFacts(
            utteranceText: "show me my nags", intentID: "nagz.ListNagsIntent", intentApp: "nagz",
            intentStatus: "completed", resultItemCount: 12, deviceSurface: "homepod", deviceLocked: true,
            deviceCanContinueInForeground: false, userDeclinedVisual: true, localHour: 21
        )
        let data = try JSONEncoder().encode(facts)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["utterance.text"] as? String == "show me my nags")
        #expect(object["device.surface"] as? String == "homepod")
        #expect(object["result.item_count"] as? Int == 12)
        #expect(object["result.error"] == nil)
        #expect(try JSONDecoder().decode(HandoffFacts.self, from: data) == facts)
    }

    @Test func missingFactsDecodeToTheirDefaults() throws {
        let json = #"{"utterance.text": "hello"}"#
        let facts = try JSONDecoder().decode(HandoffFacts.self, from: Data(json.utf8))
        #expect(facts == HandoffFacts(utteranceText: "hello"))
    }

    @Test func aFactOfTheWrongTypeIsADecodingError() {
        let json = #"{"utterance.text": "hello", "device.locked": "yes"}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(HandoffFacts.self, from: Data(json.utf8))
        }
    }
}
