import Foundation
import JiriAPI
import Testing

/// Requests and answers cut to the bone, over HTTP with the real stores: a word said alone
/// (the catalog's `said_alone`), several values in one breath, and a cancel at the end of
/// an answer begun.
@Suite struct TerseRequestTests {
    @Test func aWordSaidAloneStartsItsIntentAndAsksForWhatItNeeds() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("um, nag?", session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "nagz.CreateNagIntent")
            #expect(turn.intent?.status == "needs_value")
            #expect(turn.replyText == "Who is the nag for?")
        }
    }

    @Test func anAppNameSaidAloneStartsTheIntentItStandsFor() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("Oppi", session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "oppi.AskPiIntent")
            #expect(turn.replyText == "What should Pi do?")
        }
    }

    @Test func aWordSaidAloneForAnIntentWithoutRequiredValuesRunsIt() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("overdue?", session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "nagz.CheckOverdueIntent")
            #expect(turn.intent?.status != "needs_value")
        }
    }

    @Test func aWordThatIsNoRequestStillGetsTheFallback() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("banana", session: TestHarness.newSessionID())
            #expect(turn.intent == nil)
        }
    }

    @Test func aNameWithTheOtherValuesAfterItFillsThemAll() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("new nag", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("Sam chores 5pm", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Sam"))
            #expect(answered.intent?.slots["category"] == .string("chores"))
            #expect(answered.intent?.slots["dueAt"] != nil)
            #expect(answered.intent?.status != "needs_value")
        }
    }

    @Test func aNameInAClauseAfterAnotherValueAnswersTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("new nag", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("appointments, Grandpa, friday at 10am", session: id)
            #expect(answered.intent?.slots["category"] == .string("appointments"))
            #expect(answered.intent?.slots["recipient"] == .string("Grandpa"))
            #expect(answered.intent?.status != "needs_value")
        }
    }

    @Test func aCancelEndingAnAnswerBegunCancels() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("new nag", session: id).replyText == "Who is the nag for?")
            let cancelled = try await http.decodedTurn("Sam — hmm, actually, never mind the nag", session: id)
            #expect(cancelled.replyText == "Okay, I've cancelled that.")
            #expect(cancelled.intent == nil)
        }
    }
}
