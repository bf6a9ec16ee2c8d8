import Foundation
import JiriAPI
import Testing

/// How an answer is worded, over HTTP with the real stores: the words around a name, a
/// second value in a clause of its own, a cancel said casually, and a request too long to
/// be the free text that was asked for.
@Suite struct AnswerShapeTests {
    @Test func aNameAfterMakeItIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("make it Noah", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Noah"))
        }
    }

    @Test func aTimeInAClauseOfItsOwnFillsTheDueTimeToo() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: id)
            #expect(try await http.decodedTurn("Sam", session: id).replyText.hasPrefix("What kind of nag is it"))
            let category = try await http.decodedTurn("uh it's for his meds, tomorrow morning at 8", session: id)
            #expect(category.intent?.slots["category"] == .string("meds"))
            #expect(category.intent?.slots["dueAt"] != nil)
            #expect(!category.expectsReply)
        }
    }

    @Test func aCasualCancelDropsTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag", session: id).expectsReply)
            let cancelled = try await http.decodedTurn("nah, forget it", session: id)
            #expect(cancelled.replyText == "Okay, I've cancelled that.")
            #expect(!cancelled.expectsReply)
        }
    }

    @Test func aRequestLongerThanAMoodTitleTakesOver() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("add a mood", session: id).expectsReply)
            let other = try await http.decodedTurn("remind Sam to do his chores tomorrow at 5pm", session: id)
            #expect(other.intent?.id == "nagz.CreateNagIntent")
            #expect(other.intent?.slots["recipient"] == .string("Sam"))
        }
    }

    @Test func anyAnswerToAnOpenEndedPromptIsThePrompt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask oppi", session: id).replyText == "What should Pi do?")
            let answered = try await http.decodedTurn("remind the team to review the pull request tomorrow", session: id)
            #expect(answered.intent?.id == "oppi.AskPiIntent")
            #expect(answered.intent?.slots["prompt"] == .string("remind the team to review the pull request tomorrow"))
        }
    }

    @Test func aNameAfterHesitationAndARelationIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let first = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: first)
            #expect(try await http.decodedTurn("um, let me think, Noah", session: first).intent?.slots["recipient"] == .string("Noah"))
            let second = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: second)
            let named = try await http.decodedTurn("the nag is for my daughter Lily", session: second)
            #expect(named.intent?.slots["recipient"] == .string("Lily"))
        }
    }

    @Test func aLengthSaidWithTheNagReplacesTheDefault() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("snooze a nag", session: id).expectsReply)
            let answered = try await http.decodedTurn("the dentist one, for 45 minutes", session: id)
            #expect(answered.intent?.slots["nag"] == .string("dentist"))
            #expect(answered.intent?.slots["minutes"] == .number(45))
        }
    }

    @Test func aCancelFollowedByARequestRunsTheRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask Oppi", session: id).replyText == "What should Pi do?")
            let other = try await http.decodedTurn("never mind that, resume my last CodingBridge chat", session: id)
            #expect(other.intent?.id == "codingbridge.ResumeSessionIntent")
        }
    }

    @Test func aHedgedAnswerIsTheValue() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: id)
            let named = try await http.decodedTurn("I think it should be for Mia, she's the one with the recital", session: id)
            #expect(named.intent?.slots["recipient"] == .string("Mia"))
        }
    }

    @Test func aCorrectionCanNameAModel() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("ask oppi to review the auth module in the api workspace", session: id)
            #expect(first.intent?.slots["workspace"] == .string("api"))
            let corrected = try await http.decodedTurn("actually use opus", session: id)
            #expect(corrected.intent?.slots["model"] == .string("opus"))
            #expect(corrected.intent?.slots["workspace"] == .string("api"))
        }
    }

    @Test func aNameAfterThatWouldBeForIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("set up a homework nag due Sunday at 7pm", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("uh I guess that'd be for Leo", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
        }
    }

    @Test func aDictatedSentenceAnsweredKeepsItsFirstDeterminer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("capture a coding idea", session: id).expectsReply)
            let answered = try await http.decodedTurn("a grocery list that syncs with the family calendar", session: id)
            #expect(answered.intent?.slots["idea"] == .string("a grocery list that syncs with the family calendar"))
        }
    }

    @Test func aKindOfNagGivenForANameFillsTheKindAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("remind someone in Nagz", session: id).replyText == "Who is the nag for?")
            let again = try await http.decodedTurn("homework, due tomorrow at 7pm", session: id)
            #expect(again.intent?.slots["category"] == .string("homework"))
            #expect(again.intent?.slots["dueAt"] != nil)
            #expect(again.intent?.slots["recipient"] == nil)
            #expect(again.replyText == "Who is the nag for?")
        }
    }

    @Test func anInterruptionBetweenDashesIsNotPartOfTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag in Nagz", session: id)
            let answered = try await http.decodedTurn("Leo — hang on, sweetie — for Leo", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
        }
    }

    @Test func settingsSaidWithAPromptFillTheirOwnParameters() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi", session: id).replyText == "What should Pi do?")
            let answered = try await http.decodedTurn("use sonnet with low thinking and write docs for the handoff rules", session: id)
            #expect(answered.intent?.slots["model"] == .string("sonnet"))
            #expect(answered.intent?.slots["thinking"] == .string("low"))
            #expect(answered.intent?.slots["prompt"] == .string("write docs for the handoff rules"))
        }
    }

    @Test func aTimeAtTheEndOfALaterClauseFillsTheDueTime() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("new nag", session: id)
            let answered = try await http.decodedTurn("Jess, chores, the bathroom by Sunday at six", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Jess"))
            #expect(answered.intent?.slots["dueAt"] != nil)
            #expect(!answered.expectsReply)
        }
    }

    @Test func aNameAfterWhoSomeoneIsIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: id)
            let answered = try await http.decodedTurn("my little brother Tyler", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Tyler"))
        }
    }

    @Test func anAnswerAfterAnEllipsisOfHesitationIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a meds nag due at 8pm", session: id)
            let answered = try await http.decodedTurn("um, let me think… Leo I guess", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
        }
    }

    @Test func aWorkspaceCorrectedInItsAnswerIsTheLastOneSaid() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask Oppi to bump the dependencies", session: id).replyText == "Which workspace?")
            let answered = try await http.decodedTurn("the website one, no, oppi-dev", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("oppi-dev"))
        }
    }

    @Test func aQuestionAboutTheQuestionIsNotItsAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask Oppi to fix the family website", session: id).replyText == "Which workspace?")
            let again = try await http.decodedTurn("What do you mean by a workspace? I'm afraid I don't know about these things.", session: id)
            #expect(again.intent?.status == "needs_value")
            #expect(again.intent?.slots["workspace"] == nil)
            #expect(again.expectsReply)
        }
    }

    @Test func aLaterSentenceOfTheAnswerGivesBothTheKindAndTheTime() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("I'd like to set up a reminder please", session: id)
            let answered = try await http.decodedTurn(
                "It's for Margaret. She's got a dentist appointment on Thursday at 11 in the morning and she always forgets.", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Margaret"))
            #expect(answered.intent?.slots["category"] == .string("appointments"))
            #expect(answered.intent?.slots["dueAt"] != nil)
        }
    }

    @Test func aFullStopInsideATimeDoesNotEndASentence() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag", session: id)
            let answered = try await http.decodedTurn("Leo, chores, tomorrow at 9.30", session: id)
            guard case .string(let due)? = answered.intent?.slots["dueAt"] else {
                Issue.record("no due time in \(answered.intent?.slots ?? [:])")
                return
            }
            #expect(due.contains(":30:00"))
        }
    }

    @Test func agreementBeforeTheValueIsNotPartOfIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Create a nag for Mia", session: id).expectsReply)
            let answered = try await http.decodedTurn("yeah, homework", session: id)
            #expect(answered.intent?.slots["category"] == .string("homework"))
        }
    }

    @Test func aValueWithItsVerdictAfterItIsTheValue() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi to tidy the config loader", session: id).expectsReply)
            let answered = try await http.decodedTurn("I think the oppi-dev one would be best", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("oppi-dev"))
        }
    }

    @Test func aSettingSaidForAnotherQuestionFillsTheSettingAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("tell oppi to bump the version number", session: id).replyText == "Which workspace?")
            let setting = try await http.decodedTurn("high thinking", session: id)
            #expect(setting.intent?.slots["thinking"] == .string("high"))
            #expect(setting.intent?.slots["workspace"] == nil)
            #expect(setting.replyText == "Which workspace?")
        }
    }

    @Test func aPronounThenANameIsTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag due at five", session: id)
            let answered = try await http.decodedTurn("for her, Zoe, it's chores", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Zoe"))
            #expect(answered.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func anArticleSaidAloneBetweenHesitationsIsNotTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("I did it in Nagz", session: id).expectsReply)
            let answered = try await http.decodedTurn("um, the, uh, homework one", session: id)
            #expect(answered.intent?.slots["nag"] == .string("homework"))
        }
    }

    @Test func theParametersOwnNameBeforeTheValueIsNotTheValue() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("ask Oppi to fix the login test", session: id).replyText == "Which workspace?")
            let answered = try await http.decodedTurn("the workspace is backend", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("backend"))
        }
    }

    @Test func anApologyBeforeTheAnswerCorrectsNothing() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("create a nag", session: id).replyText == "Who is the nag for?")
            let answered = try await http.decodedTurn("sorry, for Leo, chores", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Leo"))
            #expect(answered.intent?.slots["category"] == .string("chores"))
        }
    }
}
