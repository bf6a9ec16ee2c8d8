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

    @Test func backToARequestThenASentenceOfValuesAnswersIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "new nag for Theo", for: "wait, first log my mood as tired", http)
            let back = try await http.decodedTurn("okay, back to Theo's nag. Chores, due at six tonight", session: id)
            #expect(back.intent?.slots["recipient"] == .string("Theo"))
            #expect(back.intent?.slots["category"] == .string("chores"))
            #expect(!back.expectsReply)
        }
    }

    @Test(arguments: ["alright, Ruby's nag. Make it due by 7", "okay, Ruby's nag is due at 7", "Ruby's nag, 7 tonight"])
    func aRequestNamedFirstWithoutBackToTakesTheValuesAfterIt(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "create a homework nag for Ruby", for: "hang on, what's overdue in Nagz?", http)
            let back = try await http.decodedTurn(text, session: id)
            #expect(back.intent?.id == "nagz.CreateNagIntent")
            #expect(back.intent?.slots["recipient"] == .string("Ruby"))
            #expect(back.intent?.slots["category"] == .string("homework"))
            #expect(!back.expectsReply)
        }
    }

    @Test func anAppNamedFirstThenAVerbAnswersItsRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "ask Oppi to bump the version", for: "wait, log my mood as tired", http)
            let back = try await http.decodedTurn("ok, for Oppi use homelab", session: id)
            #expect(back.intent?.id == "oppi.AskPiIntent")
            #expect(back.intent?.slots["workspace"] == .string("homelab"))
            #expect(back.intent?.slots["prompt"] == .string("bump the version"))
        }
    }

    @Test func aRequestToDoFirstTakesOverAFreeTextQuestionAndItsAnswerFollows() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Save an idea to CodingBridge", session: id).expectsReply)
            let first = try await http.decodedTurn("wait, snooze my meds nag for 15 minutes first", session: id)
            #expect(first.intent?.id == "nagz.SnoozeNagIntent")
            #expect(first.intent?.slots["minutes"] == .number(15))
            let idea = try await http.decodedTurn("ok, the idea: haptic feedback when a build finishes", session: id)
            #expect(idea.intent?.id == "codingbridge.CaptureIdeaIntent")
            #expect(idea.intent?.slots["idea"] == .string("haptic feedback when a build finishes"))
        }
    }

    @Test func aNewRequestNamingNothingSetAsideIsThatRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = try await Self.session(leaving: "create a homework nag for Ruby", for: "log my mood as happy", http)
            let other = try await http.decodedTurn("okay, Leo's mood is tired", session: id)
            #expect(other.intent?.slots["recipient"] == nil)
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
