import Foundation
import JiriAPI
import HummingbirdTesting
import Testing

/// A request that refers back to the one before it, over HTTP with the real stores.
@Suite struct ReferringBackTests {
    @Test func andAValueAloneIsTheLastRequestWithThatValue() async throws {
        try await TestHarness.withApp { http, _ in
            let followUp = try await http.decodedTurn("and chores?", after: "which homework nags do I have?")
            #expect(followUp.intent?.id == "nagz.ListNagsIntent")
            #expect(followUp.intent?.slots["category"] == .string("chores"))
        }
    }

    @Test func aVerbAndThatAgainRunsTheLastRequestAgain() async throws {
        try await TestHarness.withApp { http, _ in
            let again = try await http.decodedTurn("log that again", after: "log my mood as anxious")
            #expect(again.intent?.id == "moodboard.AddMoodIntent")
            #expect(again.intent?.slots["title"] == .string("anxious"))
        }
    }

    @Test func aRequestNamingNoAppIsReadInTheLastRequestsApp() async throws {
        try await TestHarness.withApp { http, _ in
            let next = try await http.decodedTurn("now search for rate limiting", after: "search CodingBridge for token refresh")
            #expect(next.intent?.id == "codingbridge.SearchSessionsIntent")
            #expect(next.intent?.slots["query"] == .string("rate limiting"))
        }
    }

    @Test func aThingPointedAtIsTheLastRequestsValue() async throws {
        try await TestHarness.withApp { http, _ in
            let instead = try await http.decodedTurn("actually no, snooze it for an hour instead", after: "mark Mia's homework nag as done")
            #expect(instead.intent?.id == "nagz.SnoozeNagIntent")
            #expect(instead.intent?.slots["minutes"] == .number(60))
            #expect(instead.intent?.slots["nag"] == .string("Mia's homework"))
        }
    }

    @Test func anotherAppsRequestWithTooIsNoRepeat() async throws {
        try await TestHarness.withApp { http, _ in
            let mood = try await http.decodedTurn("and put stressed in my mood log too", after: "remind Mia to take her meds at nine tonight")
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
            let again = try await http.decodedTurn("Ava's room is a disaster too, remind her as well", after: "Make a chores nag for Noah to clean his room by six tonight")
            #expect(again.intent?.slots["recipient"] == .string("Ava"))
            #expect(again.intent?.slots["category"] == .string("chores"))
            #expect(!again.expectsReply)
        }
    }
}
