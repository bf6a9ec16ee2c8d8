import Foundation
import JiriAPI
import HummingbirdTesting
import Testing

/// Going back to a request left unanswered for another, over HTTP with the real stores.
@Suite struct GoingBackTests {
    @Test func backToARequestByAValueTakesItUpWithTheValuesSaidAfter() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "create a nag for Mia", for: "never mind, what's overdue?", http)
            let back = try await http.decodedTurn("ok, back to Mia's nag: meds, at 8 tonight", session: id)
            #expect(back.intent?.id == "nagz.CreateNagIntent")
            #expect(back.intent?.slots["recipient"] == .string("Mia"))
            #expect(back.intent?.slots["category"] == .string("meds"))
            #expect(!back.expectsReply)
        }
    }

    @Test func backToARequestByItsAppAsksItsQuestionAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask Oppi to fix the login test", session: id).replyText == "Which workspace?")
            _ = try await http.decodedTurn("actually, log my mood as tired", session: id)
            let back = try await http.decodedTurn("back to the Oppi request", session: id)
            #expect(back.replyText == "Which workspace?")
            #expect(back.intent?.slots["prompt"] == .string("fix the login test"))
            let answered = try await http.decodedTurn("oppi-dev", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("oppi-dev"))
        }
    }

    @Test func whereWereWeTakesUpTheRequestLeft() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "log my mood", for: "what's overdue in Nagz", http)
            let back = try await http.decodedTurn("where were we?", session: id)
            #expect(back.intent?.id == "moodboard.AddMoodIntent")
            #expect(back.expectsReply)
        }
    }

    @Test func backToSomethingElseIsThatRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "create a nag for Mia", for: "never mind, what's overdue?", http)
            let resumed = try await http.decodedTurn("go back to my last chat in CodingBridge", session: id)
            #expect(resumed.intent?.id == "codingbridge.ResumeSessionIntent")
        }
    }

    @Test func aRequestMadeAgainFromTheStartIsNotGoneBackTo() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "log my mood", for: "what's overdue in Nagz", http)
            #expect(try await http.decodedTurn("log my mood as happy", session: id).intent?.status == "completed")
            let back = try await http.decodedTurn("where were we?", session: id)
            #expect(back.intent?.id != "moodboard.AddMoodIntent")
            #expect(!back.expectsReply)
        }
    }

    @Test func aRequestOfTheSameIntentWithOtherValuesKeepsTheOneSetAside() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "create a nag for Mia", for: "log my mood as happy", http)
            #expect(try await http.decodedTurn("create a chores nag for Leo due at 6 tonight", session: id).intent?.status == "failed")
            let back = try await http.decodedTurn("back to Mia's nag", session: id)
            #expect(back.intent?.slots["recipient"] == .string("Mia"))
            #expect(back.expectsReply)
        }
    }

    @Test func nothingIsGoneBackToAfterAGoodbye() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "log my mood", for: "what's overdue in Nagz", http)
            #expect(try await http.decodedTurn("ok thanks, bye", session: id).endConversation)
            let back = try await http.decodedTurn("where were we?", session: id)
            #expect(back.intent?.id != "moodboard.AddMoodIntent")
        }
    }

    /// A session whose first request asked a question and was left for `other`, which
    /// answers at once (so nothing else is pending).
    private static func session(leaving request: String, for other: String, _ http: any TestClientProtocol) async throws -> String {
        let id = TestHarness.newSessionID()
        #expect(try await http.decodedTurn(request, session: id).expectsReply)
        #expect(try await !http.decodedTurn(other, session: id).expectsReply)
        return id
    }
}
