import Foundation
import JiriAPI
import Testing

@testable import Conversation

@Suite("Turn outcome read from a stored response")
struct TurnOutcomeReadingTests {
    @Test func readsWhatTheResponseItselfSays() throws {
        var values = SeededValues(seed: 0x0C7C_0001)
        for _ in 0..<300 {
            let response = values.turnResponse()
            #expect(try TurnOutcome(responseJSON: response.jsonText) == TurnOutcome(response), "\(response.jsonText)")
        }
    }

    @Test func readsResponsesThatJSONEncoderWrote() throws {
        var values = SeededValues(seed: 0x0C7C_0002)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        for _ in 0..<100 {
            let response = values.turnResponse()
            let json = String(decoding: try encoder.encode(response), as: UTF8.self)
            #expect(try TurnOutcome(responseJSON: json) == TurnOutcome(response), "\(json)")
        }
    }

    @Test func anIntentOfNullIsNoIntent() throws {
        let json = #"{"intent": null, "handoff_to_app": true, "debug": {"mode": "handoff", "tool_trace": []}}"#
        #expect(try TurnOutcome(responseJSON: json) == TurnOutcome(intentID: nil, handoffToApp: true, mode: "handoff"))
    }

    @Test func nestedMembersWithTheSameNamesAreSkipped() throws {
        let json = #"""
            {"actions": [{"parameters": {"id": "x", "mode": "y", "handoff_to_app": false}}],
             "intent": {"slots": {"id": "slot"}, "id": "nagz.CreateNagIntent"},
             "handoff_to_app": false, "debug": {"mode": "intent"}}
            """#
        #expect(try TurnOutcome(responseJSON: json) == TurnOutcome(intentID: "nagz.CreateNagIntent", handoffToApp: false, mode: "intent"))
    }

    @Test func aResponseWithoutItsModeIsRefused() {
        #expect(throws: JSONSyntaxError.self) {
            try TurnOutcome(responseJSON: #"{"handoff_to_app": false, "debug": {}}"#)
        }
        #expect(throws: JSONSyntaxError.self) {
            try TurnOutcome(responseJSON: #"{"handoff_to_app": false, "debug": {"mode": "intent"}"#)
        }
    }
}
