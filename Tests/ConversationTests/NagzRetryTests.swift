import Conversation
import Foundation
import Testing
import Understanding

@Suite struct NagzRetryTests {
    let slots = NagzFixture.createSlots(recipient: "Sam")

    @Test func theSameTurnTwiceReachesTheBackendOnce() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let (first, second, posts) = try await NagzFixture.run(fake) { connector, backend in
            let first = await connector.execute(invocation)
            let second = await connector.execute(invocation)
            return (first, second, backend.log.matching("POST", "/api/v1/nags"))
        }

        #expect(first.status == .completed)
        #expect(second.status == .completed)
        #expect(second.replyText == first.replyText)
        #expect(posts.count == 1)
        #expect(await fake.nags.count == 1)
    }

    @Test func twoJiriInstancesRetryingOneTurnCreateOneNagThroughTheIdempotencyKey() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let (outcomes, posts) = try await TestBackend.run(routes: fake.routes) { backend in
            var outcomes: [ToolOutcome] = []
            for _ in 0..<2 {
                let instance = NagzConnector(client: ConnectorFixture.client(backend.baseURL("/api/v1")), familyID: fake.familyID)
                outcomes.append(await instance.execute(invocation))
            }
            return (outcomes, backend.log.matching("POST", "/api/v1/nags"))
        }

        #expect(outcomes.map(\.status) == [.completed, .completed])
        #expect(posts.count == 2)
        #expect(posts.map { $0.headers["idempotency-key"] } == [invocation.turnID, invocation.turnID])
        #expect(await fake.nags.count == 1)
    }

    @Test func differentTurnsCreateSeparateNags() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let first = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let second = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        try await NagzFixture.run(fake) { connector, _ in
            _ = await connector.execute(first)
            _ = await connector.execute(second)
        }

        #expect(await fake.nags.count == 2)
    }

    @Test func aFailedTurnIsTriedAgainOnRetry() async throws {
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: slots)
        let attempts = Counter()
        let (first, second, posts) = try await TestBackend.run(routes: { router in
            router.get("families/:family/members") { _, _ in
                try jsonResponse([["user_id": "user-sam", "display_name": "Sam Stone", "role": "participant"]])
            }
            router.post("nags") { _, _ in
                attempts.next() == 1 ? try jsonResponse(["error": "busy"], status: .serviceUnavailable) : try jsonResponse(["id": "nag-1"], status: .created)
            }
        }) { backend in
            let connector = NagzConnector(client: ConnectorFixture.client(backend.baseURL()), familyID: "fam-1")
            let first = await connector.execute(invocation)
            let second = await connector.execute(invocation)
            return (first, second, backend.log.matching("POST", "/nags"))
        }

        #expect(first.status == .failed)
        #expect(first.replyText == "I can't reach Nagz right now.")
        #expect(second.status == .completed)
        #expect(posts.count == 2)
    }
}
