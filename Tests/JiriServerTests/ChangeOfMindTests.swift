import Foundation
import JiriAPI
import Testing

/// A value changed while Jiri asks for another, over HTTP with the real stores: said as who it
/// is rather than who it isn't, with a verb that changes a setting, after "scratch that", and an
/// answer that says which one before naming it.
@Suite struct ChangeOfMindTests {
    @Test func anAnswerThenWhoItIsReallyForKeepsBoth() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Remind Leo to finish his homework", session: id).expectsReply)
            let answered = try await http.decodedTurn("seven tonight. Oh, and it's Oscar who has homework, not Leo", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Oscar"))
            #expect(answered.intent?.slots["category"] == .string("homework"))
            #expect(!answered.expectsReply)
        }
    }

    @Test func someoneNamedAfterWhoTheyAreReplacesTheRecipient() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("New nag for Nina due tomorrow at 8am", session: id).expectsReply)
            let answered = try await http.decodedTurn("meds — wait, it's her brother Jonah who needs the reminder, not Nina", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Jonah"))
            #expect(answered.intent?.slots["category"] == .string("meds"))
        }
    }

    @Test func aVerbThatChangesASettingAfterTheAnswerChangesIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Tell Oppi with high thinking to audit the auth middleware", session: id).expectsReply)
            let answered = try await http.decodedTurn("the infra workspace, and actually drop the thinking to low", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("infra"))
            #expect(answered.intent?.slots["thinking"] == .string("low"))
        }
    }

    @Test func aChangeInTheLastClauseAnswersNothingAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi using opus to tidy up the logging in the scheduler", session: id).expectsReply)
            let changed = try await http.decodedTurn("hmm, sonnet's cheaper, switch it to sonnet", session: id)
            #expect(changed.intent?.slots["model"] == .string("sonnet"))
            #expect(changed.replyText == "Which workspace?")
        }
    }

    @Test func aValueTakenBackByNameIsReplacedWhereverItWas() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("I want Oppi to do something in the website workspace", session: id).expectsReply)
            let answered = try await http.decodedTurn("update the footer links — and do it in mobile, not website", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("mobile"))
            #expect(answered.intent?.slots["prompt"] == .string("update the footer links"))
        }
    }

    @Test func aSettingNamedInAPromptIsNotAChange() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi in backend", session: id).expectsReply)
            let answered = try await http.decodedTurn("refactor the cache, and use redis for it", session: id)
            #expect(answered.intent?.slots["prompt"] == .string("refactor the cache, and use redis for it"))
        }
    }

    @Test func scratchThatBeforeAnotherValueReplacesTheLastOne() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Could you make a nag for Ava?", session: id).expectsReply)
            #expect(try await http.decodedTurn("uh, chores", session: id).expectsReply)
            let changed = try await http.decodedTurn("hmm, scratch that — it's her science project, so homework", session: id)
            #expect(changed.intent?.slots["category"] == .string("homework"))
            #expect(changed.intent?.slots["recipient"] == .string("Ava"))
            #expect(changed.expectsReply)
        }
    }

    @Test func whichOneItIsThenItsNameAnswersWithTheName() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Tell Oppi to profile the app's startup time", session: id).expectsReply)
            let answered = try await http.decodedTurn("the one on the Mac Studio, oppi-dev", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("oppi-dev"))
        }
    }

    @Test func aSettingLeftAsUsualIsNotPartOfTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi to write a changelog entry for the last release", session: id).expectsReply)
            let answered = try await http.decodedTurn("jiri-server with the usual model, and tell it to use high thinking", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("jiri-server"))
            #expect(answered.intent?.slots["thinking"] == .string("high"))
        }
    }

    @Test func aLengthFromNowIsADueTime() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Make a nag for Iris about her allergy pills", session: id).expectsReply)
            let answered = try await http.decodedTurn("two hours from now", session: id)
            #expect(answered.intent?.slots["dueAt"] != nil)
            #expect(!answered.expectsReply)
        }
    }
}
