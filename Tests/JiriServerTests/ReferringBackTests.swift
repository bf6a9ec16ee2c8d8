import Foundation
import JiriAPI
import HummingbirdTesting
import Testing

/// A request that refers back to the one before it, over HTTP with the real stores.
@Suite struct ReferringBackTests {
    @Test func andAValueAloneIsTheLastRequestWithThatValue() async throws {
        try await TestHarness.withApp { http, _ in
            let followUp = try await Self.reply(to: "and chores?", after: "which homework nags do I have?", http)
            #expect(followUp.intent?.id == "nagz.ListNagsIntent")
            #expect(followUp.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func aVerbAndThatAgainRunsTheLastRequestAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let again = try await Self.reply(to: "log that again", after: "log my mood as anxious", http)
            #expect(again.intent?.id == "moodboard.AddMoodIntent")
            #expect(again.intent?.slots["title"] == .string("anxious"))
        }
    }

    @Test func aRequestNamingNoAppIsReadInTheLastRequestsApp() async throws {
        try await TestHarness.withApp { http, _ in
            let next = try await Self.reply(to: "now search for rate limiting", after: "search CodingBridge for token refresh", http)
            #expect(next.intent?.id == "codingbridge.SearchSessionsIntent")
            #expect(next.intent?.slots["query"] == .string("rate limiting"))
        }
    }

    @Test func aThingPointedAtIsTheLastRequestsValue() async throws {
        try await TestHarness.withApp { http, _ in
            let instead = try await Self.reply(to: "actually no, snooze it for an hour instead", after: "mark Mia's homework nag as done", http)
            #expect(instead.intent?.id == "nagz.SnoozeNagIntent")
            #expect(instead.intent?.slots["minutes"] == .number(60))
            #expect(instead.intent?.slots["nag"] == .string("Mia's homework"))
        }
    }

    @Test func anotherAppsRequestWithTooIsNoRepeat() async throws {
        try await TestHarness.withApp { http, _ in
            let mood = try await Self.reply(to: "and put stressed in my mood log too", after: "remind Mia to take her meds at nine tonight", http)
            #expect(mood.intent?.id == "moodboard.AddMoodIntent")
        }
    }

    @Test func theThingAskedForDescribedAnswersTheQuestion() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("snooze it", session: id).replyText == "Which nag should I snooze?")
            let answered = try await http.decodedTurn("the chores nag for Noah", session: id)
            #expect(answered.intent?.id == "nagz.SnoozeNagIntent")
            #expect(!answered.expectsReply)
        }
    }

    @Test func theSameRequestForSomeoneElseSaidWithTooKeepsTheRest() async throws {
        try await TestHarness.withApp { http, _ in
            let again = try await Self.reply(
                to: "Ava's room is a disaster too, remind her as well", after: "Make a chores nag for Noah to clean his room by six tonight", http)
            #expect(again.intent?.slots["recipient"] == .string("Ava"))
            #expect(again.intent?.slots["category"] == .string("chores"))
            #expect(!again.expectsReply)
        }
    }

    /// The reply to `second` in a session whose first turn was `first`.
    private static func reply(to second: String, after first: String, _ http: any TestClientProtocol) async throws -> TurnResponse {
        let id = TestHarness.newSessionID()
        _ = try await http.decodedTurn(first, session: id)
        return try await http.decodedTurn(second, session: id)
    }
}
