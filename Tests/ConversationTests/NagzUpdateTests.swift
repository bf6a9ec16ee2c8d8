import Conversation
import Foundation
import Testing
import Understanding

@Suite struct NagzUpdateTests {
    static func twoOpenNags() -> FakeNagz {
        let family = "fam-\(UUID().uuidString.prefix(8))"
        return FakeNagz(familyID: family, members: NagzFixture.family, nags: [
            NagzFixture.nag("nag-hw", for: NagzFixture.emma, "homework", due: ConnectorFixture.today(hour: 18), family: family),
            NagzFixture.nag("nag-ch", for: NagzFixture.sam, "chores", due: ConnectorFixture.today(hour: 19), family: family),
        ])
    }

    static func oneOpenNag() -> FakeNagz {
        let family = "fam-\(UUID().uuidString.prefix(8))"
        return FakeNagz(familyID: family, members: NagzFixture.family, nags: [
            NagzFixture.nag("nag-only", for: NagzFixture.emma, "homework", due: ConnectorFixture.today(hour: 18), family: family),
        ])
    }

    @Test func completeMarksTheNagTheCategoryNames() async throws {
        let fake = Self.twoOpenNags()
        let invocation = try ConnectorFixture.invocation("nagz.CompleteNagIntent", slots: ["nag": .entity("homework")])
        let (outcome, posts) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("POST", "/api/v1/nags/nag-hw/status"))
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "Done! Marked homework nag as completed.")
        let post = try #require(posts.first)
        #expect(post.json?["status"] as? String == "completed")
        #expect(post.headers["idempotency-key"] == invocation.turnID)
        #expect(await fake.nag("nag-hw")?.status == "completed")
        #expect(await fake.nag("nag-ch")?.status == "open")
    }

    @Test func completeMatchesTheRecipientNamed() async throws {
        let fake = Self.twoOpenNags()
        let invocation = try ConnectorFixture.invocation("nagz.CompleteNagIntent", slots: ["nag": .entity("Sam's nag")])
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Done! Marked chores nag as completed.")
        #expect(await fake.nag("nag-ch")?.status == "completed")
    }

    @Test func completeWithTheOnlyOpenNagNeedsNoName() async throws {
        let fake = Self.oneOpenNag()
        let invocation = try ConnectorFixture.invocation("nagz.CompleteNagIntent")
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .completed)
        #expect(await fake.nag("nag-only")?.status == "completed")
    }

    @Test func completeWithSeveralOpenNagsAsksWhichByCategoryAndRecipient() async throws {
        let fake = Self.twoOpenNags()
        let invocation = try ConnectorFixture.invocation("nagz.CompleteNagIntent")
        let (outcome, writes) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all.filter { $0.method != "GET" })
        }

        #expect(outcome.status == .needsValue)
        #expect(outcome.askFor == "nag")
        #expect(outcome.replyText == "Which nag: homework for Emma Stone or chores for Sam Stone?")
        #expect(writes.isEmpty)
    }

    @Test func completeOfANagThatIsNotOpenSaysItCannotFindIt() async throws {
        let fake = Self.twoOpenNags()
        let invocation = try ConnectorFixture.invocation("nagz.CompleteNagIntent", slots: ["nag": .entity("dentist")])
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .failed)
        #expect(outcome.error == "not_found")
        #expect(outcome.replyText == "I couldn't find that in Nagz.")
    }

    @Test func snoozePushesTheDueTimeByTheMinutesSaid() async throws {
        let fake = Self.twoOpenNags()
        let invocation = try ConnectorFixture.invocation("nagz.SnoozeNagIntent", slots: ["nag": .entity("homework"), "minutes": .minutes(30)])
        let (outcome, patches) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("PATCH", "/api/v1/nags/nag-hw"))
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "Snoozed for 30 minutes. New due time: 6:30 PM.")
        let patch = try #require(patches.first)
        let body = try #require(patch.json)
        #expect(Set(body.keys) == ["due_at"])
        let newDue = try Date.ISO8601FormatStyle().parse(try #require(body["due_at"] as? String))
        #expect(newDue == ConnectorFixture.today(hour: 18, minute: 30))
        #expect(await fake.nag("nag-hw")?.dueAt == ConnectorFixture.today(hour: 18, minute: 30))
    }

    @Test func snoozeDefaultsToFifteenMinutes() async throws {
        let fake = Self.oneOpenNag()
        let invocation = try ConnectorFixture.invocation("nagz.SnoozeNagIntent")
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Snoozed for 15 minutes. New due time: 6:15 PM.")
        #expect(await fake.nag("nag-only")?.dueAt == ConnectorFixture.today(hour: 18, minute: 15))
    }

    @Test func snoozePastMidnightSaysTheDay() async throws {
        let fake = Self.oneOpenNag()
        let invocation = try ConnectorFixture.invocation("nagz.SnoozeNagIntent", slots: ["minutes": .minutes(7 * 60)])
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Snoozed for 420 minutes. New due time: tomorrow at 1:00 AM.")
    }
}
