import Foundation
import JiriAPI
import HummingbirdTesting
import Testing

/// Answers that are not answers yet: not knowing, thinking aloud, wavering, putting it off.
@Suite struct UnsureAnswerTests {
    @Test(arguments: [
        ("log my mood", "honestly I don't know how I feel"), ("ask Oppi", "hold on, let me think about what I want"),
        ("capture coding idea", "I'm not sure how to put it yet, give me a second"),
    ])
    func notKnowingYetKeepsTheQuestionOpen(_ request: String, _ reply: String) async throws {
        try await TestHarness.withApp { http, _ in
            let waiting = try await Self.reply(reply, to: request, http)
            #expect(waiting.expectsReply)
            #expect(waiting.replyText.hasPrefix("Take your time."))
            #expect(waiting.intent?.slots.isEmpty == true)
        }
    }

    @Test func aPauseBeforeANameStillAnswers() async throws {
        try await TestHarness.withApp { http, _ in
            let answered = try await Self.reply("um Leo", to: "create a nag", http)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
        }
    }

    @Test func theLastCaseWeighedIsTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let answered = try await Self.reply("maybe homework? or chores… I'm not sure. Chores.", to: "create a nag for Mia", http)
            #expect(answered.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func aCaseRuledOutIsNotTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let answered = try await Self.reply("homework or chores… not chores", to: "create a nag for Mia", http)
            #expect(answered.intent?.slots["category"] == .string("homework"))
        }
    }

    @Test func puttingItOffThenGoodbyeEndsTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let closed = try await Self.reply("I'll come back to it later, bye", to: "capture coding idea", http)
            #expect(closed.endConversation)
            #expect(closed.intent == nil)
        }
    }

    /// The reply to `answer` in a session whose first turn, `request`, asked a question.
    private static func reply(_ answer: String, to request: String, _ http: any TestClientProtocol) async throws -> TurnResponse {
        let id = TestHarness.newSessionID()
        #expect(try await http.decodedTurn(request, session: id).expectsReply)
        return try await http.decodedTurn(answer, session: id)
    }
}
