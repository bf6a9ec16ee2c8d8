import AsyncHTTPClient
import Conversation
import Foundation
import Testing
import Understanding

@Suite struct ConnectorRegistryEnvironmentTests {
    @Test func aConfiguredAppGetsItsHTTPConnectorWithTheTokenFromTheEnvironment() async throws {
        let catalog = try ConnectorFixture.catalog()
        let fake = FakeNagz(members: NagzFixture.family)
        let invocation = try ConnectorFixture.invocation("nagz.ListNagsIntent")
        let (outcome, requests) = try await TestBackend.run(routes: fake.routes) { backend in
            let registry = ConnectorRegistry.fromEnvironment([
                "NAGZ_BASE_URL": backend.baseURL("/api/v1/"),
                "NAGZ_TOKEN": "env-token",
                "NAGZ_FAMILY_ID": fake.familyID,
            ], catalog: catalog, httpClient: .shared)
            let outcome = await registry.connector(for: invocation.app).execute(invocation)
            return (outcome, backend.log.all)
        }

        #expect(outcome.replyText == "You have no active nags. Nice work!")
        #expect(requests.map(\.path) == ["/api/v1/nags"])
        #expect(requests.first?.headers["authorization"] == "Bearer env-token")
    }

    @Test func anAppWithoutABaseURLStaysUnreachable() async throws {
        let catalog = try ConnectorFixture.catalog()
        let registry = ConnectorRegistry.fromEnvironment(["NAGZ_BASE_URL": "http://127.0.0.1:9"], catalog: catalog, httpClient: .shared)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("run the tests")])
        let outcome = await registry.connector(for: invocation.app).execute(invocation)

        #expect(registry.connector(for: invocation.app) is UnavailableConnector)
        #expect(outcome.status == .failed)
        #expect(outcome.replyText == "I can't reach Oppi right now.")
    }

    @Test func aBaseURLThatIsNotHTTPLeavesTheAppUnreachable() throws {
        let catalog = try ConnectorFixture.catalog()
        let registry = ConnectorRegistry.fromEnvironment(["NAGZ_BASE_URL": "nagz.internal/api/v1"], catalog: catalog, httpClient: .shared)
        let nagz = try #require(catalog.app(named: "nagz"))

        #expect(registry.connector(for: nagz) is UnavailableConnector)
    }

    @Test func eachConfiguredAppGetsItsOwnConnector() throws {
        let catalog = try ConnectorFixture.catalog()
        let registry = ConnectorRegistry.fromEnvironment([
            "NAGZ_BASE_URL": "http://nagz.internal/api/v1", "OPPI_BASE_URL": "https://oppi.internal",
        ], catalog: catalog, httpClient: .shared)

        #expect(registry.connector(for: try #require(catalog.app(named: "nagz"))) is NagzConnector)
        #expect(registry.connector(for: try #require(catalog.app(named: "oppi"))) is OppiConnector)
    }
}
