import Foundation
import JiriAPI
import Testing

@Suite("JiriClient history")
struct JiriClientHistoryTests {
    /// Sends `utterances` as turns of one new session and returns its id.
    private static func converse(_ client: JiriClient, _ utterances: [String]) async throws -> String {
        let session = ServerEnvironment.newSessionID()
        for text in utterances {
            _ = try await client.turn(TurnRequest(sessionID: session, userText: text))
        }
        return session
    }

    @Test func historyHoldsEveryTurnOldestFirst() async throws {
        try await LiveServer.withClient { client in
            let session = try await Self.converse(client, ["show my nags", "what can you do", "open oppi"])
            let history = try await client.history(sessionID: session)
            #expect(history.sessionID == session)
            #expect(history.messages.map(\.role) == ["user", "assistant", "user", "assistant", "user", "assistant"])
            #expect(history.messages.filter { $0.role == "user" }.map(\.content) == ["show my nags", "what can you do", "open oppi"])
            #expect(!history.hasMore)
            #expect(history.nextBefore == nil)
        }
    }

    @Test func limitAndBeforePageBackwards() async throws {
        try await LiveServer.withClient { client in
            let session = try await Self.converse(client, ["show my nags", "what can you do", "open oppi"])
            let newest = try await client.history(sessionID: session, limit: 2)
            #expect(newest.messages.map(\.content).first == "open oppi")
            #expect(newest.hasMore)
            let older = try await client.history(sessionID: session, limit: 2, before: try #require(newest.nextBefore))
            #expect(older.messages.map(\.content).first == "what can you do")
        }
    }

    @Test func fullHistoryJoinsEveryPageInOrder() async throws {
        try await LiveServer.withClient { client in
            let session = try await Self.converse(client, ["show my nags", "what can you do", "open oppi"])
            let onePage = try await client.history(sessionID: session, limit: 500).messages
            let paged = try await client.fullHistory(sessionID: session, pageSize: 2)
            #expect(paged == onePage)
            #expect(paged.count == 6)
        }
    }

    @Test func anUnknownSessionIsSessionNotFound() async throws {
        try await LiveServer.withClient { client in
            let error = await #expect(throws: JiriClientError.self) {
                try await client.history(sessionID: ServerEnvironment.newSessionID())
            }
            #expect(error?.status == 404)
            #expect(error?.code == "session_not_found")
        }
    }
}
