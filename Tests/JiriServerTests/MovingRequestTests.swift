import Foundation
import JiriAPI
import Testing

/// A request moved to another app while Jiri asks about it, or after it ran, over HTTP with the
/// real stores: the app's `takes_over_requests` intent gets its words.
@Suite struct MovingRequestTests {
    @Test func aPromptForOppiMovedToCodingBridgeBecomesAChatAboutIt() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi with high thinking to explain why the login screen freezes", session: id).expectsReply)
            let moved = try await http.decodedTurn("actually, do that in CodingBridge instead", session: id)
            #expect(moved.intent?.id == "codingbridge.QuickChatIntent")
            #expect(moved.intent?.slots["message"] == .string("explain why the login screen freezes"))
            #expect(moved.handoffToApp)
        }
    }

    @Test func anAnswerThenAMoveTakesTheAnswerAsTheRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi", session: id).expectsReply)
            let moved = try await http.decodedTurn(
                "explain the retry logic in the uploader — actually, let's do this one in CodingBridge", session: id)
            #expect(moved.intent?.id == "codingbridge.QuickChatIntent")
            #expect(moved.intent?.slots["message"] == .string("explain the retry logic in the uploader"))
        }
    }

    @Test func aRequestOfItsOwnInTheOtherAppIsThatRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi to fix the flaky test", session: id).expectsReply)
            let other = try await http.decodedTurn("actually, search CodingBridge for flaky tests instead", session: id)
            #expect(other.intent?.id == "codingbridge.SearchSessionsIntent")
        }
    }

    @Test func aRequestThatRanCanBeMovedToo() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi in homelab to add retry logic to the uploader", session: id).intent?.status == "failed")
            let moved = try await http.decodedTurn("send it to CodingBridge instead", session: id)
            #expect(moved.intent?.id == "codingbridge.QuickChatIntent")
            #expect(moved.intent?.slots["message"] == .string("add retry logic to the uploader"))
        }
    }

    @Test func anAppThatTakesNoRequestsLeavesTheRequestAsItIs() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Ask Oppi to fix the flaky test", session: id).expectsReply)
            let next = try await http.decodedTurn("do that in MoodBoard instead", session: id)
            #expect(next.intent?.app != "moodboard")
        }
    }
}
