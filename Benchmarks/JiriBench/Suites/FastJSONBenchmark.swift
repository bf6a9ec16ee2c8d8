import Conversation
import Foundation
import Handoff
import JiriAPI

/// The JSON a turn writes and reads, Foundation's `Codable` against the hand-written
/// encoders and the dialogue-state reader that the turn pipeline uses: the response (sent,
/// stored and cached), the facts stored with the turn, the dialogue state read and written
/// back, and replay's facts decode.
struct FastJSONBenchmark {
    let report: Report

    /// A state as the pipeline keeps it: a question pending, the last intent, two exchanges.
    static let state: DialogueState = {
        var state = DialogueState(
            pending: PendingIntent(intentID: "nagz.CreateNagIntent",
                                   slots: ["who": .entity("Emma"), "what": .text("take her meds"), "after": .minutes(30)],
                                   awaiting: "due"),
            declinedVisual: false,
            lastIntent: PendingIntent(intentID: "nagz.ListNagsIntent", slots: ["filter": .enumCase("open")]))
        state.remember(user: "show me my nags", assistant: "You have 3 open nags: meds, dishes and homework.")
        state.remember(user: "remind Emma to take her meds in 30 minutes", assistant: "When should it be due?")
        return state
    }()

    static let facts = HandoffFacts(
        utteranceText: "Add a happy mood in MoodBoard", intentID: "moodboard.AddMoodIntent", intentApp: "moodboard",
        intentStatus: "completed", deviceSurface: "phone", client: "ios_app", localHour: 14)

    func run() throws {
        let operations = 20_000
        let response = TurnJSONBenchmark.response
        let stateText = Self.state.jsonText
        let foundationStateText = String(decoding: try JSONEncoder().encode(Self.state), as: UTF8.self)
        let factsText = Self.facts.jsonText

        compare("TurnResponse encode", note: "\(response.jsonText.utf8.count) bytes", operations: operations,
                foundation: { blackHole(try? JSONEncoder().encode(response)) },
                fast: { blackHole(response.jsonText) })
        compare("DialogueState encode", note: "\(stateText.utf8.count) bytes, pending + last intent + 4 messages",
                operations: operations,
                foundation: { blackHole(try? JSONEncoder().encode(Self.state)) },
                fast: { blackHole(Self.state.jsonText) })
        compare("DialogueState decode", note: "the JSONEncoder text stored before", operations: operations,
                foundation: { blackHole(try? JSONDecoder().decode(DialogueState.self, from: Data(foundationStateText.utf8))) },
                fast: { blackHole(DialogueState(storedJSON: foundationStateText)) })
        compare("HandoffFacts encode", note: "\(factsText.utf8.count) bytes", operations: operations,
                foundation: { blackHole(try? JSONEncoder().encode(Self.facts)) },
                fast: { blackHole(Self.facts.jsonText) })
        let factsDecoder = FactsJSONDecoder()
        compare("HandoffFacts decode (replay)", note: "FactsJSONDecoder, JSONByteReader from JiriAPI", operations: operations,
                foundation: { blackHole(try? JSONDecoder().decode(HandoffFacts.self, from: Data(factsText.utf8))) },
                fast: { blackHole(try? factsDecoder.decode(factsText)) })
    }

    /// Times both ways of one operation and records them with the speed-up.
    private func compare(_ name: String, note: String, operations: Int, foundation: () -> Void, fast: () -> Void) {
        let foundationNs = Stopwatch.median(operations: operations) { _ in foundation() }
        let fastNs = Stopwatch.median(operations: operations) { _ in fast() }
        report.record("fastjson", "\(name), Foundation", foundationNs, "ns", note: note)
        report.record("fastjson", "\(name), hand-written", fastNs, "ns",
                      note: String(format: "%.1f× faster", foundationNs / fastNs))
    }
}
