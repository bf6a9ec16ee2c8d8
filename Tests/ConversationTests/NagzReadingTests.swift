import Conversation
import Foundation
import Testing
import Understanding

@Suite struct NagzReadingTests {
    static func familyWithNags() -> FakeNagz {
        let family = "fam-\(UUID().uuidString.prefix(8))"
        var done = NagzFixture.nag("nag-4", for: NagzFixture.sam, "chores", due: ConnectorFixture.today(hour: 9), family: family)
        done.status = "completed"
        return FakeNagz(familyID: family, members: NagzFixture.family, nags: [
            NagzFixture.nag("nag-1", for: NagzFixture.emma, "homework", due: ConnectorFixture.today(hour: 13),
                            family: family, description: "Emma's secret diary entry"),
            NagzFixture.nag("nag-2", for: NagzFixture.sam, "chores", due: ConnectorFixture.today(hour: 14, minute: 30), family: family),
            NagzFixture.nag("nag-3", for: NagzFixture.emma, "meds", due: ConnectorFixture.today(hour: 20), family: family),
            done,
        ])
    }

    @Test func listCountsTheOpenNags() async throws {
        let fake = Self.familyWithNags()
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let (outcome, requests) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("GET", "/api/v1/nags"))
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "You have 3 active nags.")
        #expect(outcome.itemCount == 3)
        let request = try #require(requests.first)
        #expect(request.query == ["family_id": fake.familyID, "status": "open"])
        #expect(request.headers["authorization"] == "Bearer \(ConnectorFixture.token)")
    }

    @Test func listFiltersByTheCategorySaid() async throws {
        let fake = Self.familyWithNags()
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent", slots: ["category": .enumCase("medication")])
        let (outcome, requests) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.matching("GET", "/api/v1/nags"))
        }

        #expect(outcome.replyText == "You have 1 active nag.")
        #expect(outcome.itemCount == 1)
        #expect(requests.first?.query["category"] == "meds")
    }

    @Test func anEmptyListSaysSo() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "You have no active nags. Nice work!")
        #expect(outcome.itemCount == 0)
    }

    @Test func overdueNamesTheLateCategoriesOldestFirstAndNeverADescription() async throws {
        let fake = Self.familyWithNags()
        let invocation = try ConnectorFixture.invocation("nagz.CheckOverdueIntent")
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "2 overdue: homework, chores.")
        #expect(outcome.itemCount == 2)
        #expect(!outcome.replyText.contains("diary"))
        #expect(!outcome.trace.joined().contains("diary"))
    }

    @Test func nothingOverdueSaysAllCaughtUp() async throws {
        let family = "fam-\(UUID().uuidString.prefix(8))"
        let fake = FakeNagz(familyID: family, members: NagzFixture.family, nags: [
            NagzFixture.nag("nag-1", for: NagzFixture.emma, "homework", due: ConnectorFixture.today(hour: 18), family: family),
        ])
        let invocation = try ConnectorFixture.invocation("nagz.CheckOverdueIntent")
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Nothing overdue. You're all caught up!")
        #expect(outcome.itemCount == 0)
    }

    @Test func familyStatusReadsTheWeeklyReport() async throws {
        let fake = FakeNagz(members: NagzFixture.family, completionRate: 0.8, totalNags: 10)
        let invocation = try ConnectorFixture.invocation("nagz.FamilyStatusIntent")
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "This week: 80% completion rate across 10 nags.")
        #expect(log.map(\.path) == ["/api/v1/families/\(fake.familyID)/reports/weekly"])
    }

    @Test func familyStatusTakesTheGuardianRoleFromTheMemberList() async throws {
        let fake = FakeNagz(members: NagzFixture.family, completionRate: 75, totalNags: 4)
        let principal = Principal(id: NagzFixture.guardian.userID, scopes: [.turn])
        let invocation = try ConnectorFixture.invocation("nagz.FamilyStatusIntent", principal: principal)
        let outcome = try await NagzFixture.run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "This week: 75% completion rate across 4 nags.")
    }
}
