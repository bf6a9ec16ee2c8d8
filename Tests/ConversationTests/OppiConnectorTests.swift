import Conversation
import Foundation
import Testing
import Understanding

@Suite struct OppiConnectorTests {
    static let workspaces = [
        FakeOppi.Workspace(id: "ws-dev", name: "oppi-dev", serverName: "Mac Studio", defaultModel: "sonnet"),
        FakeOppi.Workspace(id: "ws-site", name: "website", serverName: "Mac mini", defaultModel: "opus"),
    ]

    func run<Value: Sendable>(_ fake: FakeOppi, _ body: @Sendable (OppiConnector, TestBackend) async throws -> Value) async throws -> Value {
        try await TestBackend.run(routes: fake.routes) { backend in
            try await body(OppiConnector(client: ConnectorFixture.client(backend.baseURL())), backend)
        }
    }

    @Test func askStartsASessionInTheNamedWorkspaceWithTheThinkingLevel() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: [
            "prompt": .text("run the test suite"), "workspace": .entity("Website"), "thinking": .enumCase("high"),
        ])
        let (outcome, log) = try await run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all)
        }

        #expect(outcome.status == .completed)
        #expect(outcome.replyText == "Pi is working on it in website.")
        #expect(log.map { "\($0.method) \($0.path)" } == ["GET /workspaces", "POST /workspaces/ws-site/sessions"])
        let post = try #require(log.last)
        #expect(post.headers["authorization"] == "Bearer \(ConnectorFixture.token)")
        #expect(post.headers["idempotency-key"] == invocation.turnID)
        let body = try #require(post.json)
        #expect(body["prompt"] as? String == "run the test suite")
        #expect(body["thinking"] as? String == "high")
        #expect(body["model"] as? String == "opus")
        #expect(await fake.sessions.map(\.workspaceID) == ["ws-site"])
    }

    @Test func withoutAWorkspaceNamedTheFirstIsUsed() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("fix the failing build")])
        let outcome = try await run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.replyText == "Pi is working on it in oppi-dev.")
        #expect(await fake.sessions.map(\.workspaceID) == ["ws-dev"])
    }

    @Test func aModelSaidReplacesTheWorkspaceDefault() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: [
            "prompt": .text("review the diff"), "workspace": .entity("oppi dev"), "model": .text("haiku"),
        ])
        let posts = try await run(fake) { connector, backend in
            _ = await connector.execute(invocation)
            return backend.log.matching("POST", "/workspaces/ws-dev/sessions")
        }

        let body = try #require(posts.first?.json)
        #expect(body["model"] as? String == "haiku")
        #expect(body["thinking"] == nil)
    }

    @Test func workspacesOfTheSameNameAreToldApartByServer() async throws {
        let fake = FakeOppi(workspaces: [
            FakeOppi.Workspace(id: "ws-1", name: "api", serverName: "Mac Studio"),
            FakeOppi.Workspace(id: "ws-2", name: "api", serverName: "Mac mini"),
        ])
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("deploy"), "workspace": .entity("api")])
        let (outcome, posts) = try await run(fake) { connector, backend in
            (await connector.execute(invocation), backend.log.all.filter { $0.method == "POST" })
        }

        #expect(outcome.status == .needsValue)
        #expect(outcome.askFor == "workspace")
        #expect(outcome.replyText == "Which workspace: api on Mac Studio or api on Mac mini?")
        #expect(posts.isEmpty)
    }

    @Test func anUnknownWorkspaceIsNotGuessed() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("deploy"), "workspace": .entity("billing")])
        let outcome = try await run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .failed)
        #expect(outcome.replyText == "I couldn't find that workspace in Oppi.")
        #expect(await fake.sessions.isEmpty)
    }

    @Test func anUnreachableServerIsSpokenAsOppisError() async throws {
        let client = ConnectorFixture.client(try ConnectorFixture.deadURL(), budget: .milliseconds(400))
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("run the tests")])
        let outcome = await OppiConnector(client: client).execute(invocation)

        #expect(outcome.status == .failed)
        #expect(outcome.error == "unreachable")
        #expect(outcome.replyText == "I can't reach Oppi right now.")
    }

    @Test func aServerFailingTheSessionIsNamed() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces, sessionStatus: .badGateway)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("run the tests")])
        let outcome = try await run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.status == .failed)
        #expect(outcome.replyText == "Can't reach Mac Studio.")
    }

    @Test func aRefusedSessionSaysOppiCouldNotStartIt() async throws {
        let fake = FakeOppi(workspaces: Self.workspaces, sessionStatus: .unprocessableContent)
        let invocation = try ConnectorFixture.invocation("oppi.AskPiIntent", slots: ["prompt": .text("run the tests")])
        let outcome = try await run(fake) { connector, _ in await connector.execute(invocation) }

        #expect(outcome.error == "session_failed")
        #expect(outcome.replyText == "Oppi couldn't start a session.")
    }
}
