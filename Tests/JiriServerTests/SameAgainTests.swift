import Foundation
import JiriAPI
import Testing

/// The last request again, with something changed or said anew, over HTTP with the real stores.
@Suite struct SameAgainTests {
    @Test func onceMoreWithAValueRepeatsTheRequestWithIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("tell Oppi in docs with low thinking to tidy up the changelog", session: id)
            let again = try await http.decodedTurn("run it once more with high thinking", session: id)
            #expect(again.intent?.id == "oppi.AskPiIntent")
            #expect(again.intent?.slots["thinking"] == .string("high"))
            #expect(again.intent?.slots["workspace"] == .string("docs"))
        }
    }

    @Test func aPoliteAskToTryAgainRepeats() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("family report in Nagz please", session: id)
            #expect(try await http.decodedTurn("can you try that again?", session: id).intent?.id == "nagz.FamilyStatusIntent")
        }
    }

    @Test func aFeelingSaidTooIsAnotherMood() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("log my mood as calm", session: id)
            let again = try await http.decodedTurn("and grateful too", session: id)
            #expect(again.intent?.id == "moodboard.AddMoodIntent")
            #expect(again.intent?.slots["title"] == .string("grateful"))
            #expect(again.intent?.slots["category"] == .string("happy"))
        }
    }

    @Test func anotherOneAfterAColonIsAnotherIdea() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("save an idea to CodingBridge: add a retry button", session: id)
            let again = try await http.decodedTurn("and another one: sort ideas by project", session: id)
            #expect(again.intent?.id == "codingbridge.CaptureIdeaIntent")
            #expect(again.intent?.slots["idea"] == .string("sort ideas by project"))
        }
    }

    @Test func someoneWhoHasOneTooGetsTheSameNag() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Milo about his dentist appointment Thursday at 3", session: id)
            let again = try await http.decodedTurn("Ada has one right after, her too", session: id)
            #expect(again.intent?.slots["recipient"] == .string("Ada"))
            #expect(again.intent?.slots["category"] == .string("appointments"))
        }
    }

    @Test func askItToMeansTheLastRequestsApp() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("ask Oppi in homelab to check disk space on the NAS", session: id)
            let next = try await http.decodedTurn("and ask it to prune old docker images too, same workspace", session: id)
            #expect(next.intent?.id == "oppi.AskPiIntent")
            #expect(next.intent?.slots["workspace"] == .string("homelab"))
            #expect(next.intent?.slots["prompt"] == .string("prune old docker images"))
        }
    }

    @Test(arguments: ["thanks a lot, bye", "thanks for the help, bye", "okay, thanks a bunch, goodbye", "thanks for everything"])
    func thanksSaidWithMoreWordsEnds(_ text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let reply = try await http.decodedTurn(text, session: TestHarness.newSessionID())
            #expect(reply.endConversation)
        }
    }
}
