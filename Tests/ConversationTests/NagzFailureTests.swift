import AsyncHTTPClient
import Conversation
import Hummingbird
import Foundation
import Testing
import Understanding

@Suite struct NagzFailureTests {
    let createSlots = NagzFixture.createSlots(recipient: "Sam")

    @Test func aChildCannotCreateAndTheBackendIsNeverCalled() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let child = Principal(id: NagzFixture.emma.userID, scopes: [.turn], roles: ["nagz": "child"])
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots, principal: child)
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .failed)
        #expect(outcome.error == "not_permitted")
        #expect(outcome.replyText == "Only parents and participants can create nags.")
        #expect(log.isEmpty)
        #expect(await fake.nags.isEmpty)
    }

    @Test func aChildKnownOnlyFromTheMemberListCannotCreate() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let child = Principal(id: NagzFixture.emma.userID, scopes: [.turn])
        let invocation = try ConnectorFixture.invocation("nagz.CreateNagIntent", slots: createSlots, principal: child)
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.error == "not_permitted")
        #expect(log.map(\.method) == ["GET"])
        #expect(await fake.nags.isEmpty)
    }

    @Test func familyStatusIsForGuardiansOnly() async throws {
        let fake = FakeNagz(members: NagzFixture.family)
        let participant = Principal(id: NagzFixture.sam.userID, scopes: [.turn], roles: ["nagz": "participant"])
        let invocation = try ConnectorFixture.invocation("nagz.FamilyStatusIntent", principal: participant)
        let (outcome, log) = try await NagzFixture.run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .failed)
        #expect(outcome.replyText == "Only parents can see the family report.")
        #expect(log.isEmpty)
    }

    @Test func aBackendThatIsDownIsSpokenAsUnreachable() async throws {
        let budget = Duration.milliseconds(500)
        let connector = NagzConnector(client: ConnectorFixture.client(try ConnectorFixture.deadURL(), budget: budget), familyID: "fam-1")
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let started = ContinuousClock.now
        let outcome = await connector.execute(invocation)
        let elapsed = ContinuousClock.now - started

        #expect(outcome.status == .failed)
        #expect(outcome.error == "unreachable")
        #expect(outcome.replyText == "I can't reach Nagz right now.")
        #expect(elapsed < budget + .milliseconds(500))
    }

    @Test func withTheConnectorClientSettingsARefusedConnectionFailsAtOnce() async throws {
        let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .connectors)
        let client = HTTPConnectorClient(configuration: .init(baseURL: try ConnectorFixture.deadURL(), budget: .seconds(3)), httpClient: httpClient)
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let started = ContinuousClock.now
        let outcome = await NagzConnector(client: client, familyID: "fam-1").execute(invocation)
        let elapsed = ContinuousClock.now - started
        try await httpClient.shutdown()

        #expect(outcome.replyText == "I can't reach Nagz right now.")
        // Retrying the connection would use up the whole 3 s budget.
        #expect(elapsed < .milliseconds(1500))
        #expect(outcome.trace.contains { $0.contains("unreachable") && !$0.contains("timed out") })
    }

    @Test func aSlowBackendIsCutOffAtTheBudget() async throws {
        let budget = Duration.milliseconds(400)
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let (outcome, elapsed) = try await TestBackend.run(routes: { router in
            router.get("nags") { _, _ in
                try await Task.sleep(for: .seconds(5))
                return try jsonResponse([])
            }
        }) { backend in
            let connector = NagzConnector(client: ConnectorFixture.client(backend.baseURL(), budget: budget), familyID: "fam-1")
            let started = ContinuousClock.now
            let outcome = await connector.execute(invocation)
            return (outcome, ContinuousClock.now - started)
        }

        #expect(outcome.status == .failed)
        #expect(outcome.replyText == "I can't reach Nagz right now.")
        #expect(elapsed >= budget)
        #expect(elapsed < budget + .milliseconds(500))
    }

    @Test(arguments: [
        (500, "unreachable", "I can't reach Nagz right now."),
        (401, "not_logged_in", "Please open Nagz and log in first."),
        (403, "not_permitted", "Your role doesn't have permission for this action."),
    ])
    func anErrorStatusIsSpokenAsTheAppsDialog(status: Int, error: String, reply: String) async throws {
        let invocation = try ConnectorFixture.invocation("nagz.CheckOverdueIntent")
        let outcome = try await TestBackend.run(routes: { router in
            router.get("nags") { _, _ in try jsonResponse(["error": "refused"], status: HTTPResponse.Status(code: status)) }
        }) { backend in
            await NagzConnector(client: ConnectorFixture.client(backend.baseURL()), familyID: "fam-1").execute(invocation)
        }

        #expect(outcome.status == .failed)
        #expect(outcome.error == error)
        #expect(outcome.replyText == reply)
        #expect(outcome.trace.contains { $0.contains("GET /nags → \(status)") })
    }

    @Test func anAccountWithoutAFamilyIsToldToJoinOne() async throws {
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let outcome = try await TestBackend.run(routes: { router in
            router.get("families") { _, _ in try jsonResponse([Any]()) }
        }) { backend in
            await NagzConnector(client: ConnectorFixture.client(backend.baseURL())).execute(invocation)
        }

        #expect(outcome.error == "no_family")
        #expect(outcome.replyText == "No family selected. Open Nagz and join a family first.")
    }

    @Test func anAnswerThatIsNotTheAPIsShapeFailsWithoutPretending() async throws {
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let outcome = try await TestBackend.run(routes: { router in
            router.get("nags") { _, _ in try jsonResponse([["id": "nag-1", "category": "chores", "due_at": "yesterday"]]) }
        }) { backend in
            await NagzConnector(client: ConnectorFixture.client(backend.baseURL()), familyID: "fam-1").execute(invocation)
        }

        #expect(outcome.status == .failed)
        #expect(outcome.error == "bad_response")
        #expect(outcome.replyText == "I can't reach Nagz right now.")
    }
}
