import Foundation
import JiriAPI
import Testing

/// How a conversation closes or a question is dropped, over HTTP with the real stores:
/// thanks alone end it, and a cancel names no request.
@Suite struct ClosingTests {
    @Test(arguments: ["cheers", "ok thanks Jiri", "thank you so much", "thanks a lot, you're the best"])
    func thanksAloneEndTheConversation(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("what nags do I have", session: id)
            let closed = try await http.decodedTurn(text, session: id)
            #expect(closed.endConversation)
            #expect(!closed.expectsReply)
            #expect(closed.replyText == "You're welcome!")
        }
    }

    @Test func thanksWithARequestAreTheRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let request = try await http.decodedTurn("thanks, now what's overdue in Nagz", session: id)
            #expect(request.intent?.id == "nagz.CheckOverdueIntent")
            #expect(!request.endConversation)
        }
    }

    @Test func thanksToAnOpenQuestionLeaveItAndEndTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("tell Oppi to review the migration", session: id).expectsReply)
            #expect(try await http.decodedTurn("cheers", session: id).endConversation)
            let next = try await http.decodedTurn("what's overdue in Nagz", session: id)
            #expect(next.intent?.id == "nagz.CheckOverdueIntent")
        }
    }

    @Test func aCancelledQuestionNamesNoIntent() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag in Nagz", session: id).expectsReply)
            let cancelled = try await http.decodedTurn("actually forget it", session: id)
            #expect(cancelled.intent == nil)
            #expect(cancelled.replyText == "Okay, I've cancelled that.")
        }
    }

    @Test func anAcknowledgementWithNothingAskedIsAnsweredBriefly() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("what nags do I have", session: id)
            let heard = try await http.decodedTurn("ok, got it", session: id)
            #expect(heard.replyText == "Okay.")
            #expect(heard.intent == nil)
            #expect(!heard.expectsReply)
        }
    }

    @Test func anAcknowledgementToAnOpenQuestionLeavesItUnanswered() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("tell Oppi to review the migration", session: id).expectsReply)
            let heard = try await http.decodedTurn("ok", session: id)
            #expect(heard.intent == nil)
            #expect(heard.replyText == "Okay, I'll leave that for now.")
            #expect(!heard.expectsReply)
        }
    }

    @Test func aWordThatCouldAnswerTheQuestionIsNoAcknowledgement() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("add a mood in MoodBoard", session: id).replyText == "How are you feeling?")
            let answered = try await http.decodedTurn("great", session: id)
            #expect(answered.intent?.id == "moodboard.AddMoodIntent")
            #expect(answered.intent?.slots["title"] == .string("great"))
        }
    }

    @Test(arguments: ["got it, bye", "anyway, bye", "got it. goodbye"])
    func anAcknowledgementBeforeAGoodbyeEndsTheConversation(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let closed = try await http.decodedTurn(text, session: TestHarness.newSessionID())
            #expect(closed.endConversation)
        }
    }

    /// An acknowledgement before a goodbye ("of course. bye"), and goodbyes said the
    /// old-fashioned way, after sentences that ask for nothing.
    @Test(arguments: [
        "of course. bye", "no worries, bye", "sure thing, goodbye", "Righto, cheerio.", "That will be all for now, dear.",
        "Oh bother. Well thank you for trying. Ta-ta for now.", "ok thanks, talk to you later", "okay, see you later",
    ])
    func closingsSaidManyWaysEndTheConversation(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("what nags do I have", session: id)
            let closed = try await http.decodedTurn(text, session: id)
            #expect(closed.endConversation)
            #expect(closed.intent == nil)
        }
    }

    @Test func cancelsOneAfterAnotherCancel() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a homework nag for Mia", session: id).expectsReply)
            let cancelled = try await http.decodedTurn("hmm, never mind, cancel that", session: id)
            #expect(cancelled.replyText == "Okay, I've cancelled that.")
            #expect(!cancelled.expectsReply)
        }
    }

    @Test func aGoodbyeAfterSentencesThatAskNothingLeavesAnOpenQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag for Harold", session: id).expectsReply)
            let closed = try await http.decodedTurn("Oh dear, well never mind. That will be all, dear.", session: id)
            #expect(closed.endConversation)
            #expect(!closed.expectsReply)
        }
    }

    @Test(arguments: ["thanks, done", "Sorry — forget it, that's all."])
    func doneOrAnApologeticCancelEndsTheConversationWithAQuestionOpen(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("New meds nag for Nora", session: id).expectsReply)
            let closed = try await http.decodedTurn(text, session: id)
            #expect(closed.endConversation)
            #expect(closed.intent == nil)
        }
    }
}
