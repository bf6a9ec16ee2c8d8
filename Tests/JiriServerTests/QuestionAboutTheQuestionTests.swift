import Foundation
import JiriAPI
import Testing

/// Questions about Jiri's own question ("who can I pick?", "what do you need from me?") are
/// answered with what a good answer is, then the question again; they are not misunderstandings.
@Suite struct QuestionAboutTheQuestionTests {
    @Test func whoCanIPickIsAnsweredWithTheCatalogsHint() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("I gotta set up a nag for one of the kids", session: id).replyText == "Who is the nag for?")
            let explained = try await http.decodedTurn("who can I pick?", session: id)
            #expect(explained.replyText == "Anyone in your family on Nagz, by first name. Who is the nag for?")
            #expect(explained.intent?.status == "needs_value")
            #expect(explained.expectsReply)
            #expect(try await http.decodedTurn("Mia", session: id).intent?.slots["recipient"] == .string("Mia"))
        }
    }

    @Test func whatDoYouNeedFromMeExplainsAFreeTextQuestionInsteadOfAnsweringIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("I wanna ask Oppi", session: id)
            let explained = try await http.decodedTurn("hmm, like, what do you need from me?", session: id)
            #expect(explained.replyText.hasSuffix("What should Pi do?"))
            #expect(explained.intent?.slots["prompt"] == nil)
        }
    }

    @Test func aDateQuestionIsExplainedFromItsType() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("new homework nag for Ava", session: id)
            let explained = try await http.decodedTurn("what can I say?", session: id)
            #expect(explained.replyText == "A day and a time will do, like tomorrow at 5pm. When is it due?")
        }
    }

    @Test func askingAboutTheChoicesAgainAndAgainNeitherGivesUpNorHandsOff() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("I need to run something in CodingBridge", session: id)
            for _ in 1...4 {
                let explained = try await http.decodedTurn("what can I run?", session: id)
                #expect(explained.intent?.status == "needs_value")
                #expect(!explained.handoffToApp)
            }
            let answered = try await http.decodedTurn("deploy", session: id)
            #expect(answered.intent?.slots["command"] == .string("deploy"))
        }
    }

    @Test func aQuestionThatIsARequestTakesOver() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("I need to remind someone", session: id)
            let listed = try await http.decodedTurn("which nags do I have?", session: id)
            #expect(listed.intent?.id == "nagz.ListNagsIntent")
        }
    }
}
