import Foundation
import JiriAPI
import Testing

/// A correction said while Jiri asks, over HTTP with the real stores: alone, after the answer, or
/// replacing it, and a request said instead of the answer.
@Suite struct CorrectionWhileAskingTests {
    @Test func aCorrectionAloneChangesTheRequestAndAsksAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("create a nag for Leo in Nagz", session: id)
            #expect(asked.intent?.status == "needs_value")
            let corrected = try await http.decodedTurn("no wait, it's for Mia not Leo", session: id)
            #expect(corrected.intent?.slots["recipient"] == .string("Mia"))
            #expect(corrected.intent?.status == "needs_value")
            #expect(corrected.replyText == asked.replyText)
        }
    }

    @Test func aCorrectionAfterTheAnswerKeepsBoth() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a nag for Mia in Nagz", session: id)
            let answered = try await http.decodedTurn("homework — oh and it's for Noah actually", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Noah"))
            #expect(answered.intent?.slots["category"] == .string("homework"))
            #expect(answered.replyText == "When is it due?")
        }
    }

    @Test func aValueSaidAgainAfterACorrectionWordReplacesTheAnswer() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("ask Oppi to tidy up the config loader", session: id)
            #expect(asked.intent?.status == "needs_value")
            let answered = try await http.decodedTurn("mobile — wait, no, backend", session: id)
            #expect(answered.intent?.slots["workspace"] == .string("backend"))
            #expect(!answered.expectsReply)
        }
    }

    @Test func aQuestionAfterACorrectionWordIsARequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("create a chores nag for Sam", session: id)
            let next = try await http.decodedTurn("actually, am I behind on anything?", session: id)
            #expect(next.intent?.id == "nagz.CheckOverdueIntent")
        }
    }

    @Test func aRequestSaidInsteadTakesOverAFreeTextQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let asked = try await http.decodedTurn("save an idea to CodingBridge", session: id)
            #expect(asked.intent?.id == "codingbridge.CaptureIdeaIntent")
            let next = try await http.decodedTurn("actually, search CodingBridge instead", session: id)
            #expect(next.intent?.id == "codingbridge.SearchSessionsIntent")
            #expect(next.intent?.status == "needs_value")
        }
    }

    @Test func aValueSaidWithNotAndTheValueItReplacesCorrectsWithoutACorrectionWord() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Noah about his homework", session: id)
            let answered = try await http.decodedTurn("at 4 — oh, and it's for Ava, not Noah", session: id)
            #expect(answered.intent?.slots["recipient"] == .string("Ava"))
            #expect(answered.intent?.slots["dueAt"] != nil)
        }
    }
}

