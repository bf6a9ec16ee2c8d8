import Foundation
import JiriAPI
import Testing

/// Short replies that change the request just made or asked about, over HTTP with the real
/// stores: a correction while Jiri still asks, the same again for someone else, a narrowing,
/// and closings said several ways at once.
@Suite struct AmendmentTests {
    @Test func aCorrectionWhileAskingChangesTheRequestAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("remind Ella to take her meds", session: id)
            #expect(asked.replyText == "When is it due?")
            let corrected = try await http.decodedTurn("no, for Max", session: id)
            #expect(corrected.intent?.slots["recipient"] == .string("Max"))
            #expect(corrected.intent?.status == "needs_value")
            #expect(corrected.replyText == "When is it due?")
            let answered = try await http.decodedTurn("at 8 tonight", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Max"))
            #expect(answered.intent?.slots["dueAt"] != nil)
        }
    }

    @Test func anUnusableAnswerStartingWithNoIsNotACorrection() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Ella to take her meds", session: id)
            let again = try await http.decodedTurn("no clue, honestly", session: id)
            #expect(again.intent?.slots["recipient"] == .string("Ella"))
            #expect(again.replyText.hasPrefix("Sorry, I didn't catch that."))
        }
    }

    @Test func theSameAgainForSomeoneElseRunsItAgainForThem() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("make a chores nag for Noah due Saturday at 10am", session: id)
            #expect(first.intent?.slots["recipient"] == .string("Noah"))
            let again = try await http.decodedTurn("and one for Sam too", session: id)
            #expect(again.intent?.id == "nagz.CreateNagIntent")
            #expect(again.intent?.slots["recipient"] == .string("Sam"))
            #expect(again.intent?.slots["category"] == .string("chores"))
            #expect(again.intent?.slots["dueAt"] == first.intent?.slots["dueAt"])
        }
    }

    @Test func theSameAgainWithAnotherValueChangesBoth() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Leo to take his meds tonight at 8", session: id)
            let again = try await http.decodedTurn("same for Ava but homework", session: id)
            #expect(again.intent?.id == "nagz.CreateNagIntent")
            #expect(again.intent?.slots["recipient"] == .string("Ava"))
            #expect(again.intent?.slots["category"] == .string("homework"))
        }
    }

    @Test func aNewRequestCanTakeTheLastRequestsValue() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("ask Oppi to run the test suite in the mobile workspace", session: id)
            let next = try await http.decodedTurn("now tell Oppi to fix the flaky login test, same workspace", session: id)
            #expect(next.intent?.id == "oppi.AskPiIntent")
            #expect(next.intent?.slots["workspace"] == .string("mobile"))
            #expect(next.intent?.slots["prompt"] == .string("fix the flaky login test"))
            #expect(!next.expectsReply)
        }
    }

    @Test func theSameAsBeforeAnswersTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a homework nag for Mia due Friday at 5pm", session: id)
            let asked = try await http.decodedTurn("new nag for Leo", session: id)
            #expect(asked.intent?.status == "needs_value")
            let answered = try await http.decodedTurn("same category as before", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
            #expect(answered.intent?.slots["category"] == .string("homework"))
        }
    }

    @Test func anAndRequestIsNotTheSameAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("make a chores nag for Noah due Saturday at 10am", session: id)
            let next = try await http.decodedTurn("and what's overdue", session: id)
            #expect(next.intent?.id == "nagz.CheckOverdueIntent")
        }
    }

    @Test func aNarrowingSetsAParameterTheRequestLeftOut() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let all = try await http.decodedTurn("what nags do I have", session: id)
            #expect(all.intent?.id == "nagz.ListNagsIntent")
            #expect(all.intent?.slots["category"] == nil)
            let narrowed = try await http.decodedTurn("just the homework ones", session: id)
            #expect(narrowed.intent?.id == "nagz.ListNagsIntent")
            #expect(narrowed.intent?.slots["category"] == .string("homework"))
        }
    }

    @Test(arguments: ["that's it, bye", "cool, thanks, that's everything", "actually never mind, bye", "that's everything, thanks"])
    func closingPhrasesTogetherEndTheConversation(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("what nags do I have", session: id)
            let closing = try await http.decodedTurn(text, session: id)
            #expect(closing.endConversation)
            #expect(closing.intent == nil)
        }
    }

    @Test func aCancelAloneDoesNotEndTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: id)
            let cancelled = try await http.decodedTurn("never mind", session: id)
            #expect(!cancelled.endConversation)
        }
    }

    @Test func aSelfCorrectionInsideAnAnswerKeepsWhatCameAfterIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("set a meds nag due today at 6pm", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("Zoe, no wait, Nina", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Nina"))
        }
    }

    @Test func aValueAndItsPrepositionAloneRunTheRequestAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Leo to take his allergy meds tonight at 8", session: id)
            let again = try await http.decodedTurn("and for Zoe?", session: id)
            #expect(again.intent?.id == "nagz.CreateNagIntent")
            #expect(again.intent?.slots["recipient"] == .string("Zoe"))
            #expect(again.intent?.slots["category"] == .string("meds"))
        }
    }

    @Test func kindWordsBeforeAGoodbyeEndTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("what nags do I have", session: id)
            #expect(try await http.decodedTurn("you're a lifesaver, bye", session: id).endConversation)
        }
    }

    @Test func doTheSameForSomeoneElseRunsItAgainForThem() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("new chores nag for Sam due tonight at 7", session: id)
            let again = try await http.decodedTurn("do the same for Max", session: id)
            #expect(again.intent?.id == "nagz.CreateNagIntent")
            #expect(again.intent?.slots["recipient"] == .string("Max"))
            #expect(again.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func aCorrectionThenAnAnswerChangeTheRequestAndAnswerTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("new nag for Max due at 6 tonight", session: id)
            #expect(asked.intent?.status == "needs_value")
            let answered = try await http.decodedTurn("no, make that Ella. It's homework", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Ella"))
            #expect(answered.intent?.slots["category"] == .string("homework"))
            #expect(!answered.expectsReply)
        }
    }

    @Test func theSameRequestSaidAnewWhileAskedIsANewRequestNotTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("tell Oppi to review the database migration", session: id).replyText == "Which workspace?")
            let anew = try await http.decodedTurn("ask Oppi with high thinking to tidy up the config loader", session: id)
            #expect(anew.intent?.slots["prompt"] == .string("tidy up the config loader"))
            #expect(anew.intent?.slots["thinking"] == .string("high"))
            #expect(anew.intent?.slots["workspace"] == nil)
        }
    }

    @Test func actuallyAndAnotherRequestTurnAwayFromAFreeTextQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("capture a coding idea", session: id).expectsReply)
            let other = try await http.decodedTurn("actually, check git status in CodingBridge", session: id)
            #expect(other.intent?.id == "codingbridge.GitStatusIntent")
        }
    }

    @Test func anIdeaStartingWithActuallyIsStillTheIdea() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("capture a coding idea", session: id)
            let idea = try await http.decodedTurn("actually, a dark mode for the settings screen", session: id)
            #expect(idea.intent?.id == "codingbridge.CaptureIdeaIntent")
            #expect(!idea.expectsReply)
        }
    }

    @Test func aValueSaidWithInsteadCorrectsTheLastRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("ask Oppi to run the test suite in the oppi-dev workspace", session: id)
            let corrected = try await http.decodedTurn("use opus instead", session: id)
            #expect(corrected.intent?.id == "oppi.AskPiIntent")
            #expect(corrected.intent?.slots["model"] == .string("opus"))
            #expect(corrected.intent?.slots["workspace"] == .string("oppi-dev"))
        }
    }
}
