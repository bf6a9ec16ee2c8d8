import Foundation
import JiriAPI
import Testing

/// Follow-ups that lean on the request before, over HTTP with the real stores.
@Suite struct FollowUpTests {
    @Test func whatAboutAValueIsTheLastRequestWithThatValue() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let listed = try await http.decodedTurn("list my homework nags", session: id)
            #expect(listed.intent?.id == "nagz.ListNagsIntent")
            let followUp = try await http.decodedTurn("what about meds?", session: id)
            #expect(followUp.intent?.id == "nagz.ListNagsIntent")
            #expect(followUp.intent?.slots["category"] == .string("meds"))
        }
    }

    @Test func tryThatAgainRunsTheLastRequestAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("analyze my moods this month", session: id)
            #expect(first.intent?.id == "moodboard.AnalyzeMoodIntent")
            let again = try await http.decodedTurn("try that again", session: id)
            #expect(again.intent?.id == "moodboard.AnalyzeMoodIntent")
        }
    }

    @Test func tryThatAgainWithNothingBeforeIsNoRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("try that again", session: TestHarness.newSessionID())
            #expect(turn.intent == nil)
        }
    }

    @Test func anotherOneWithANameAndATimeTakesBoth() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("remind Leo to do his chores tomorrow at 6pm", session: id)
            let again = try await http.decodedTurn("and one for Sam on Friday at 3", session: id)
            #expect(again.intent?.slots["recipient"] == .string("Sam"))
            #expect(again.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func actuallyWithAnotherAppsRequestIsThatRequest() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let command = try await http.decodedTurn("run deploy in CodingBridge", session: id)
            #expect(command.intent?.id == "codingbridge.RunCommandIntent")
            let other = try await http.decodedTurn("Actually, what's overdue in Nagz?", session: id)
            #expect(other.intent?.id == "nagz.CheckOverdueIntent")
        }
    }

    @Test func noWorriesBeforeARequestCorrectsNothing() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            _ = try await http.decodedTurn("list my homework nags", session: id)
            let next = try await http.decodedTurn("no worries. Log my mood", session: id)
            #expect(next.intent?.id == "moodboard.AddMoodIntent")
            #expect(next.intent?.status == "needs_value")
        }
    }
}
