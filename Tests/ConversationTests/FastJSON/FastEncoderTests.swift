import Conversation
import Foundation
import Handoff
import JiriAPI
import Testing
import Understanding

/// The hand-written encoders of a turn (response, facts, dialogue state) must write JSON
/// that reads back as their `Codable` encoding reads back: the same value through
/// `JSONDecoder`, the same object graph through `JSONSerialization`.
@Suite struct FastEncoderTests {
    static let seededCount = 300

    static let responses: [TurnResponse] = [
        TurnResponse(sessionID: "", replyText: "", debug: .init(mode: ""), turnID: ""),
        TurnResponse(
            sessionID: "s-1", replyText: "Mood added! \"Opening\" the app…\n", endConversation: true, handoffToApp: true,
            deepLinkURL: "jiri://continue?session_id=s-1&app=moodboard",
            debug: .init(toolTrace: ["moodboard.AddMoodIntent", ""], latencyMs: Int.max, mode: "handoff"),
            turnID: "7d0b7c8e", expectsReply: true,
            intent: IntentInfo(id: "moodboard.AddMoodIntent", app: "moodboard", status: "handed_off",
                               slots: ["title": .string("happy"), "count": .number(3), "ratio": .number(0.5),
                                       "none": .null, "nested": .object(["list": .array([.bool(true), .number(-1e300)])])]),
            handoff: HandoffInfo(rule: "foreground-intent", stage: "trigger", reason: nil, rulesetRevision: "r1",
                                 mode: nil, delivery: "open_now"),
            actions: [ClientAction(app: "moodboard", intent: "moodboard.AddMoodIntent", parameters: [:]),
                      ClientAction(type: "run_intent", app: "", intent: "x", parameters: ["é/\u{01}": .string("😀")])]
        ),
    ]

    static let states: [DialogueState] = {
        var full = DialogueState(
            pending: PendingIntent(
                intentID: "nagz.CreateNagIntent",
                slots: ["who": .entity("Emma"), "what": .text("take \"meds\"\n"), "kind": .enumCase("meds"),
                        "after": .minutes(30), "count": .integer(Int.min), "urgent": .bool(true),
                        "due": .date(Date(timeIntervalSince1970: 1_790_000_000))],
                awaiting: "due", awaitingConfirmation: true, reprompts: 2),
            declinedVisual: true,
            lastIntent: PendingIntent(intentID: "oppi.OpenNewSessionIntent", slots: [:]),
            setAside: PendingIntent(intentID: "moodboard.AddMoodIntent", slots: ["title": .text("calm")], awaiting: "emoji"))
        full.remember(user: "remind Emma", assistant: "When? / Wann? 😀")
        return [DialogueState(), full]
    }()

    private static func foundationJSON(_ value: some Encodable) throws -> Data {
        try JSONEncoder().encode(value)
    }

    // MARK: TurnResponse

    private func checkResponse(_ response: TurnResponse) throws {
        let fast = response.jsonText
        #expect(try JSONDecoder().decode(TurnResponse.self, from: Data(fast.utf8)) == response, "\(fast)")
        #expect(try JSONGraph.same(fast, Self.foundationJSON(response)), "\(fast)")
    }

    @Test(arguments: responses)
    func handPickedResponsesReadBackAsTheirCodableEncoding(_ response: TurnResponse) throws {
        try checkResponse(response)
    }

    @Test func seededResponsesReadBackAsTheirCodableEncoding() throws {
        var values = SeededValues(seed: 0x7E57_0001)
        for _ in 0..<Self.seededCount {
            try checkResponse(values.turnResponse())
        }
    }

    @Test func theOriginalContractsOptionalsAreExplicitNulls() throws {
        let object = try #require(try JSONGraph.object(Data(Self.responses[0].jsonText.utf8)) as? [String: Any])
        for key in ["deep_link_url", "intent", "handoff"] {
            #expect(object[key] is NSNull, "\(key)")
        }
        #expect(Set(object.keys) == ["session_id", "reply_text", "end_conversation", "handoff_to_app", "deep_link_url",
                                     "debug", "turn_id", "expects_reply", "intent", "handoff", "actions"])
    }

    // MARK: HandoffFacts

    private func checkFacts(_ facts: HandoffFacts) throws {
        let fast = facts.jsonText
        #expect(try FactsJSONDecoder().decode(fast) == facts, "\(fast)")
        #expect(try JSONDecoder().decode(HandoffFacts.self, from: Data(fast.utf8)) == facts, "\(fast)")
        #expect(try JSONGraph.same(fast, Self.foundationJSON(facts)), "\(fast)")
    }

    @Test func seededFactsReadBackThroughReplayAndCodable() throws {
        var values = SeededValues(seed: 0x7E57_0002)
        try checkFacts(HandoffFacts(utteranceText: ""))
        for _ in 0..<Self.seededCount {
            try checkFacts(values.handoffFacts())
        }
    }

    // MARK: DialogueState

    private func checkState(_ state: DialogueState, lossless: Bool) throws {
        let fast = state.jsonText
        let decoded = try JSONDecoder().decode(DialogueState.self, from: Data(fast.utf8))
        #expect(try decoded == JSONDecoder().decode(DialogueState.self, from: Self.foundationJSON(state)), "\(fast)")
        if lossless {
            #expect(decoded == state, "\(fast)")
        }
        #expect(try JSONGraph.same(fast, Self.foundationJSON(state)), "\(fast)")
    }

    @Test(arguments: states)
    func handPickedStatesReadBackAsTheirCodableEncoding(_ state: DialogueState) throws {
        try checkState(state, lossless: false)
    }

    @Test func seededStatesWithEverySlotKindReadBackAsTheirCodableEncoding() throws {
        var values = SeededValues(seed: 0x7E57_0003)
        for _ in 0..<Self.seededCount {
            try checkState(values.dialogueState(lossless: false), lossless: false)
        }
    }

    /// Text, whole numbers and booleans are the slots that decode as themselves.
    @Test func seededStatesOfLosslessSlotsReadBackAsThemselves() throws {
        var values = SeededValues(seed: 0x7E57_0004)
        for _ in 0..<Self.seededCount {
            try checkState(values.dialogueState(lossless: true), lossless: true)
        }
    }

    @Test func aDateSlotIsWrittenAsItsCodableISO8601String() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_123.75)
        let state = DialogueState(pending: PendingIntent(intentID: "x", slots: ["due": .date(date)]))
        let encoded = String(decoding: try Self.foundationJSON(SlotValue.date(date)), as: UTF8.self)
        #expect(state.jsonText.contains(#""due":"# + encoded.replacingOccurrences(of: "\\/", with: "/")))
        #expect(state.jsonText.contains("2026-09-21T"))
    }
}
