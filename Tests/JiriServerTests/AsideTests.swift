import Foundation
import JiriAPI
import Testing

/// Words said to someone else while Jiri waits for an answer, over HTTP with the real stores:
/// the question stays open, and only the rest is the answer.
@Suite struct AsideTests {
    @Test func anAsideKeepsTheQuestionOpenWithoutARepromptCounted() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("New meds nag for Nora", session: id).expectsReply)
            let aside = try await http.decodedTurn("Sam, five more minutes and then it's bath time!", session: id)
            #expect(aside.replyText == "Take your time. When is it due?")
            #expect(aside.intent?.status == "needs_value")
            #expect(aside.intent?.slots["dueAt"] == nil)
            #expect(aside.expectsReply)
        }
    }

    @Test func theAnswerAfterAnAsideFillsTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Log my mood in MoodBoard", session: id).expectsReply)
            let answered = try await http.decodedTurn("One sec — Ava, not on the couch! Okay, sorry. Stressed.", session: id)
            #expect(answered.intent?.status == "completed")
            #expect(answered.intent?.slots["title"] == .string("Stressed"))
        }
    }

    @Test func triggerWordsInAnAsideHandNothingOff() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Create a homework nag for Leo", session: id).expectsReply)
            let aside = try await http.decodedTurn("Leo, look at me — backpack on the hook, please.", session: id)
            #expect(aside.intent?.status == "needs_value")
            #expect(!aside.handoffToApp)
        }
    }
}
