import Foundation
import JiriAPI
import Testing

/// Answers to Jiri's questions, over HTTP with the real stores: what an answer fills
/// besides the value asked for, and what it must not be taken for.
@Suite struct AnswerTests {
    @Test func anIntentThatOpensTheAppAsksForWhatItRequiresFirst() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("search my CodingBridge chats", session: id)
            #expect(asked.replyText == "What are you looking for?")
            #expect(!asked.handoffToApp)
            let searched = try await http.decodedTurn("redis timeouts", session: id)
            #expect(searched.intent?.status == "handed_off")
            #expect(searched.intent?.slots["query"] == .string("redis timeouts"))
            #expect(searched.replyText.hasPrefix("Searching your CodingBridge chats for redis timeouts."))
            #expect(searched.handoffToApp)
        }
    }

    @Test func aRequestThatNamesItsAppIsNoFreeTextAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("search my CodingBridge chats", session: id).expectsReply)
            let resumed = try await http.decodedTurn("continue my CodingBridge session", session: id)
            #expect(resumed.intent?.id == "codingbridge.ResumeSessionIntent")
        }
    }

    @Test func aMoodAnswerAlsoNamesItsCategory() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("add a mood", session: id).expectsReply)
            let added = try await http.decodedTurn("pretty good actually", session: id)
            #expect(added.intent?.status == "completed")
            #expect(added.intent?.slots["title"] == .string("pretty good"))
            #expect(added.intent?.slots["category"] == .string("happy"))
        }
    }

    @Test func aLengthOfTimeGivenForANagFillsTheMinutesAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let question = try await http.decodedTurn("snooze my nag", session: id)
            let again = try await http.decodedTurn("20 minutes", session: id)
            #expect(again.expectsReply)
            #expect(again.replyText == question.replyText)
            #expect(again.intent?.status == "needs_value")
            #expect(again.intent?.slots["minutes"] == .number(20))
            #expect(again.intent?.slots["nag"] == nil)
        }
    }

    @Test func aTimeGivenForAPersonFillsTheDueTimeAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag", session: id).replyText == "Who is the nag for?")
            let again = try await http.decodedTurn("tomorrow at 5pm", session: id)
            #expect(again.replyText == "Who is the nag for?")
            #expect(again.intent?.slots["recipient"] == nil)
            #expect(again.intent?.slots["dueAt"] != nil)
            let named = try await http.decodedTurn("Emma", session: id)
            #expect(named.intent?.slots["recipient"] == .string("Emma"))
            #expect(named.intent?.slots["dueAt"] == again.intent?.slots["dueAt"])
        }
    }

    @Test func aNameWithANumberWordInItIsStillAName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("snooze my nag", session: id)
            let answered = try await http.decodedTurn("the homework one", session: id)
            #expect(answered.intent?.slots["nag"] == .string("homework"))
            #expect(answered.intent?.slots["minutes"] == .number(15))
        }
    }

    @Test func anAnsweredNameLosesTheKindOfThingSaidAfterIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask oppi to delete the old branches", session: id).replyText == "Which workspace?")
            let answered = try await http.decodedTurn("in the backend workspace", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("backend"))
        }
    }

    @Test func aCorrectedNameKeepsItsCasing() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Emma to do her homework by 6pm", session: id)
            let corrected = try await http.decodedTurn("no, for Sam", session: id)
            #expect(corrected.intent?.slots["recipient"] == .string("Sam"))
        }
    }

    @Test func aRequestForAnotherIntentIsNotTakenForAName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag", session: id).replyText == "Who is the nag for?")
            let other = try await http.decodedTurn("what's overdue", session: id)
            #expect(other.intent?.id == "nagz.CheckOverdueIntent")
            #expect(!other.expectsReply)
        }
    }

    @Test func askingWhatJiriCanDoNamesTheApps() async throws {
        try await TestHarness.withApp { http, _ in
            let help = try await http.decodedTurn("what can you do")
            #expect(help.debug.mode == "help")
            #expect(help.replyText.hasPrefix("I can work with CodingBridge, MoodBoard, Nagz and Oppi"))
            #expect(!help.endConversation)
        }
    }

    @Test(arguments: [
        ("hello", "Hi! What can I do for you?"), ("hey Jiri", "Hi! What can I do for you?"),
        ("good morning", "Hi! What can I do for you?"), ("hi there, how's it going?", "I'm doing well, thanks. What can I do for you?"),
    ])
    func aGreetingIsAnsweredWithAnOfferToHelp(_ text: String, _ reply: String) async throws {
        try await TestHarness.withApp { http, _ in
            let greeted = try await http.decodedTurn(text)
            #expect(greeted.replyText == reply)
            #expect(greeted.debug.mode == "greeting")
            #expect(greeted.expectsReply)
            #expect(greeted.intent == nil)
            #expect(!greeted.endConversation)
        }
    }

    @Test func noThanksWithNothingAskedEndsTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let declined = try await http.decodedTurn("No thanks.")
            #expect(declined.endConversation)
            #expect(declined.debug.mode == "goodbye")
        }
    }

    @Test func askingAnAppAloneAsksWhatToAskIt() async throws {
        try await TestHarness.withApp { http, _ in
            let asked = try await http.decodedTurn("ask oppi")
            #expect(asked.intent?.id == "oppi.AskPiIntent")
            #expect(asked.replyText == "What should Pi do?")
            #expect(asked.expectsReply)
        }
    }
}
