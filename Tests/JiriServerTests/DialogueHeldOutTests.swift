import Foundation
import JiriAPI
import JiriTestSupport
import Testing

/// Held-out conversations (`Fixtures/dialogues*.jsonl`), written from the seeds and the dev
/// set by writers who never read the catalog or the dialogue code: each turn goes through
/// `POST /turn` in one session with the real stores, and what the writer expected of it is
/// checked (intent, status, slots, whether the microphone stays open, handoff). A conversation
/// marked `known_gap` is left out.
@Suite struct DialogueHeldOutTests {
    struct Expected: Sendable {
        var intent: String??
        var status: String?
        var slots: [String: JSONValue]
        var expectsReply: Bool?
        var handoff: Bool?
        var endConversation: Bool?
    }

    struct Conversation: Sendable, CustomTestStringConvertible {
        var id: String
        var turns: [(text: String, expect: Expected)]
        var testDescription: String { "\(id): " + turns.map(\.text).joined(separator: " / ") }
    }

    static let files = ["dialogues1.jsonl", "dialogues2.jsonl", "dialogues3.jsonl", "dialogues4.jsonl", "dialogues5.jsonl", "dialogues6.jsonl", "dialogues7.jsonl", "dialogues8.jsonl", "dialogues9.jsonl", "dialogues10.jsonl", "dialogues11.jsonl", "dialogues12.jsonl", "dialogues13.jsonl", "dialogues14.jsonl", "dialogues15.jsonl", "dialogues16.jsonl", "dialogues17.jsonl", "dialogues18.jsonl", "dialogues19.jsonl", "dialogues20.jsonl", "dialogues21.jsonl", "dialogues22.jsonl", "dialogues23.jsonl", "dialogues24.jsonl", "dialogues25.jsonl", "dialogues26.jsonl", "dialogues27.jsonl", "dialogues28.jsonl"]

    static let conversations: [Conversation] = files.flatMap { name -> [Conversation] in
        let url = TestEnvironment.repositoryRoot.appendingPathComponent("Tests/JiriServerTests/Fixtures/\(name)")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["known_gap"] as? Bool != true,
                  let turns = object["turns"] as? [[String: Any]] else { return nil }
            return Conversation(id: object["id"] as? String ?? "?", turns: turns.map { turn in
                (turn["text"] as? String ?? "", expected(turn["expect"] as? [String: Any] ?? [:]))
            })
        }
    }

    private static func expected(_ object: [String: Any]) -> Expected {
        let slotsData = (try? JSONSerialization.data(withJSONObject: object["slots"] ?? [:])) ?? Data("{}".utf8)
        let intent: String?? = object.keys.contains("intent") ? .some(object["intent"] as? String) : .none
        return Expected(
            intent: intent, status: object["status"] as? String,
            slots: (try? JSONDecoder().decode([String: JSONValue].self, from: slotsData)) ?? [:],
            expectsReply: object["expects_reply"] as? Bool, handoff: object["handoff"] as? Bool,
            endConversation: object["end_conversation"] as? Bool
        )
    }

    @Test func theHeldOutConversationsArePresent() {
        #expect(Self.conversations.count >= 70)
    }

    @Test(arguments: conversations)
    func conversationGoesAsItsWriterExpected(_ conversation: Conversation) async throws {
        try await TestHarness.withApp { http, _ in
            let session = TestHarness.newSessionID()
            for (index, turn) in conversation.turns.enumerated() {
                let response = try await http.decodedTurn(turn.text, session: session)
                let label = "\(conversation.id) turn \(index + 1) \"\(turn.text)\" → \"\(response.replyText)\""
                let expect = turn.expect
                if let intent = expect.intent { #expect(response.intent?.id == intent, "\(label)") }
                if let status = expect.status { #expect(response.intent?.status == status, "\(label)") }
                for (name, value) in expect.slots {
                    #expect(Self.same(response.intent?.slots[name], value), "\(label) slot \(name)")
                }
                if let expectsReply = expect.expectsReply { #expect(response.expectsReply == expectsReply, "\(label)") }
                if let handoff = expect.handoff { #expect(response.handoffToApp == handoff, "\(label)") }
                if let end = expect.endConversation { #expect(response.endConversation == end, "\(label)") }
            }
        }
    }

    /// Slot values as the writer wrote them: strings without regard to case.
    private static func same(_ heard: JSONValue?, _ expected: JSONValue) -> Bool {
        if case .string(let text)? = heard, case .string(let wanted) = expected {
            return text.lowercased() == wanted.lowercased()
        }
        return heard == expected
    }
}
