import Foundation
import JiriAPI
import Testing

/// Words the user dictates into an app's free-text parameter are content, not a request to
/// Jiri: the default rules read `utterance.request`, so they neither open the app nor count
/// as a purchase. Over HTTP with the real stores and the shipped rules.
@Suite struct DictatedWordsHandoffTests {
    @Test func aNagToOpenSomethingStaysOnVoice() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("remind Noah to open the windows tomorrow at 6pm", session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "nagz.CreateNagIntent")
            #expect(turn.intent?.slots["description"] == .string("open the windows"))
            #expect(!turn.handoffToApp)
            #expect(turn.handoff?.rule == nil)
        }
    }

    @Test func aPromptAboutOrderingIsNotAPurchase() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("ask Oppi to order the imports alphabetically", session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "oppi.AskPiIntent")
            #expect(!turn.handoffToApp)
        }
    }

    @Test func aDictatedAnswerToAQuestionIsContentToo() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let question = try await http.decodedTurn("capture an idea for CodingBridge", session: id)
            #expect(question.expectsReply)
            let answered = try await http.decodedTurn("show me a preview before every commit", session: id)
            #expect(answered.intent?.slots["idea"] == .string("show me a preview before every commit"))
            #expect(!answered.handoffToApp)
        }
    }

    @Test func theSameWordsOutsideADictationStillHandOff() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("show me my nags about the windows", session: TestHarness.newSessionID())
            #expect(turn.handoffToApp)
            #expect(turn.handoff?.rule == "visual-request")
        }
    }
}
