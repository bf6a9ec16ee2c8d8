import Foundation
import JiriAPI
import Testing

/// Going back to a request left unanswered for another, over HTTP with the real stores.
@Suite struct GoingBackTests {
    @Test func backToARequestByAValueTakesItUpWithTheValuesSaidAfter() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag for Mia", session: id)
            let other = try await http.decodedTurn("never mind, what's overdue?", session: id)
            #expect(other.intent?.id == "nagz.CheckOverdueIntent")
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
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("log my mood", session: id)
            _ = try await http.decodedTurn("what's overdue in Nagz", session: id)
            let back = try await http.decodedTurn("where were we?", session: id)
            #expect(back.intent?.id == "moodboard.AddMoodIntent")
            #expect(back.expectsReply)
        }
    }

    @Test func backToSomethingElseIsThatRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag for Mia", session: id)
            _ = try await http.decodedTurn("never mind, what's overdue?", session: id)
            let resumed = try await http.decodedTurn("go back to my last chat in CodingBridge", session: id)
            #expect(resumed.intent?.id == "codingbridge.ResumeSessionIntent")
        }
    }
}
