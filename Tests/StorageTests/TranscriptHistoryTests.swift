import Foundation
import JiriTestSupport
import LibPQ
import Logging
import Storage
import Testing

/// History pages read from the turns that hold the messages: a turn of sequence
/// n gives message 2n - 1 (the user's) and 2n (the reply), and a page may start
/// or end in the middle of a turn.
@Suite struct TranscriptHistoryTests {
    private static let logger = Logger(label: "jiri.test.history")

    @Test func theNewestPageHoldsTheLatestMessagesOldestFirst() async throws {
        try await withThreeTurns { store, session in
            let page = try #require(try await store.history(sessionID: session, before: nil, limit: 3))
            #expect(page.messages.map(\.seq) == [4, 5, 6])
            #expect(page.messages.map(\.role) == ["assistant", "user", "assistant"])
            #expect(page.messages.map(\.content) == ["reply 2", "say 3", "reply 3"])
            #expect(page.hasMore)
        }
    }

    @Test func aCursorInsideATurnTakesOnlyItsUsersMessage() async throws {
        try await withThreeTurns { store, session in
            let page = try #require(try await store.history(sessionID: session, before: 4, limit: 2))
            #expect(page.messages.map(\.seq) == [2, 3])
            #expect(page.messages.map(\.content) == ["reply 1", "say 2"])
            #expect(page.hasMore)
        }
    }

    @Test func theOldestPageSaysNothingIsBeforeIt() async throws {
        try await withThreeTurns { store, session in
            let page = try #require(try await store.history(sessionID: session, before: 3, limit: 5))
            #expect(page.messages.map(\.seq) == [1, 2])
            #expect(!page.hasMore)
            let none = try #require(try await store.history(sessionID: session, before: 1, limit: 5))
            #expect(none.messages.isEmpty && !none.hasMore)
        }
    }

    @Test func eachMessageKeepsItsOwnTime() async throws {
        try await withThreeTurns { store, session in
            let page = try #require(try await store.history(sessionID: session, before: nil, limit: 2))
            let said = Self.start.addingTimeInterval(30)
            #expect(abs(page.messages[0].createdAt.timeIntervalSince(said)) < 0.000_01)
            #expect(abs(page.messages[1].createdAt.timeIntervalSince(said.addingTimeInterval(0.25))) < 0.000_01)
        }
    }

    private static let start = Date(timeIntervalSince1970: 1_790_000_000)

    /// Three turns of one new session: "say n" at start + 10n s, "reply n" 0.25 s later.
    private func withThreeTurns(_ body: (PostgresTranscriptStore, String) async throws -> Void) async throws {
        try await withTestPostgresPool(logger: Self.logger) { pool in
            let store = PostgresTranscriptStore(pool: pool)
            let session = "history-\(UUID().uuidString)"
            for n in 1...3 {
                _ = try await store.commit(Self.turn(session: session, n: n))
            }
            try await body(store, session)
            _ = try await pool.query("DELETE FROM sessions WHERE id = \(session)")
        }
    }

    private static func turn(session: String, n: Int) -> TurnRecord {
        let said = start.addingTimeInterval(Double(10 * n))
        return TurnRecord(
            turnID: "\(session)-\(n)",
            session: SessionRecord(id: session, owner: "history-test", client: "ios_app", createdAt: start,
                                   turnCount: n - 1, stateJSON: "{}"),
            idempotencyKey: nil,
            requestHash: Array(repeating: UInt8(n), count: 32),
            requestJSON: #"{"user_text":"say"}"#,
            responseJSON: #"{"reply_text":"reply"}"#,
            userText: "say \(n)",
            userAt: said,
            replyText: "reply \(n)",
            replyAt: said.addingTimeInterval(0.25),
            intentID: nil,
            intentStatus: nil,
            decision: HandoffRecord(handoff: false, rulesetRevision: "test"),
            latencyMs: 1
        )
    }
}
