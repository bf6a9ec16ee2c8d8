import Foundation
import JiriTestSupport
import LibPQ
import Logging
import Storage
import Testing

/// Group commit on the shared, migrated database. A commit is held open by a
/// row lock another connection keeps on its session; turns that arrive
/// meanwhile wait in line and go together once the lock is released.
@Suite struct TurnGroupCommitTests {
    private static let logger = Logger(label: "jiri.test.group-commit")

    @Test func turnsThatWaitedCommitTogetherInOneTransaction() async throws {
        try await withHeldCommit { store, pool, waitFor in
            let sessions = (0..<5).map { _ in Self.newID("group") }
            let commits = sessions.map { session in
                Task { try await store.commit(Self.turn(session: session)) }
            }
            try await waitFor(sessions.count)
            return {
                for commit in commits { #expect(try await commit.value == 1) }
                let transactions = try await pool.query("""
                    SELECT count(DISTINCT xmin::text) AS transactions, count(*) AS turns
                    FROM turns WHERE session_id = ANY(\(sessions))
                    """)
                #expect(try transactions[0].decode("turns", as: Int.self) == 5)
                #expect(try transactions[0].decode("transactions", as: Int.self) == 1)
                let messages = try await pool.query("""
                    SELECT count(*) AS n FROM turns
                    WHERE session_id = ANY(\(sessions)) AND user_text = \(Self.userText) AND reply_text = 'Here are your nags.'
                    """)
                #expect(try messages[0].decode("n", as: Int.self) == 5)
            }
        }
    }

    @Test func aTurnCommittedWithOthersIsStoredAsItWouldBeAlone() async throws {
        try await withHeldCommit { store, pool, waitFor in
            let alone = Self.turn(session: Self.newID("alone"), shadowRules: ["shadow-a", "shadow \"b\"", "back\\slash, comma"], idempotencyKey: Self.newID("key"))
            _ = try await Self.commitElsewhere(alone)
            var copy = alone
            copy.turnID = Self.newID("turn")
            copy.session.id = Self.newID("together")
            copy.idempotencyKey = Self.newID("key")
            let together = copy
            let other = Self.turn(session: Self.newID("other"))
            let commits = [together, other].map { turn in Task { try await store.commit(turn) } }
            try await waitFor(2)
            return {
                for commit in commits { #expect(try await commit.value == 1) }
                let rows = try await pool.query("""
                    SELECT session_id, to_jsonb(t) - 'id' - 'session_id' - 'idempotency_key' AS turn,
                           (SELECT to_jsonb(s) - 'id' FROM sessions s WHERE s.id = t.session_id) AS session
                    FROM turns t WHERE t.session_id IN (\(alone.session.id), \(together.session.id))
                    """)
                #expect(rows.count == 2)
                let stored = try rows.map { row in
                    [try row.decode("turn", as: PostgresJSONB.self).json,
                     try row.decode("session", as: PostgresJSONB.self).json]
                }
                #expect(stored.count == 2 && stored[0] == stored[1])
            }
        }
    }

    @Test func twoTurnsOfOneSessionGoInSeparateCommits() async throws {
        try await withHeldCommit { store, pool, waitFor in
            let session = Self.newID("same")
            let first = Task { try await store.commit(Self.turn(session: session)) }
            try await waitFor(1)
            let second = Task { try await store.commit(Self.turn(session: session)) }
            try await waitFor(2)
            return {
                #expect(Set([try await first.value, try await second.value]) == [1, 2])
                let rows = try await pool.query("""
                    SELECT count(DISTINCT xmin::text) AS transactions FROM turns WHERE session_id = \(session)
                    """)
                #expect(try rows[0].decode("transactions", as: Int.self) == 2)
            }
        }
    }

    @Test func aDuplicateIdempotencyKeyFailsOnlyItsOwnTurn() async throws {
        try await withHeldCommit { store, pool, waitFor in
            let key = Self.newID("key")
            let turns = [
                Self.turn(session: Self.newID("dup-a"), idempotencyKey: key),
                Self.turn(session: Self.newID("dup-b"), idempotencyKey: key),
                Self.turn(session: Self.newID("dup-c")),
            ]
            let commits = turns.map { turn in Task { try await store.commit(turn) } }
            try await waitFor(3)
            return {
                var committed = 0
                var duplicates = 0
                for commit in commits {
                    do {
                        _ = try await commit.value
                        committed += 1
                    } catch TranscriptStoreError.duplicateIdempotencyKey {
                        duplicates += 1
                    }
                }
                #expect(committed == 2 && duplicates == 1)
                let rows = try await pool.query("""
                    SELECT count(*) AS n FROM turns WHERE session_id = ANY(\(turns.map(\.session.id)))
                    """)
                #expect(try rows[0].decode("n", as: Int.self) == 2)
            }
        }
    }

    @Test func aTurnWhoseDataTheServerRefusesFailsAlone() async throws {
        try await withHeldCommit { store, pool, waitFor in
            var broken = Self.turn(session: Self.newID("broken"))
            // Postgres's text cannot hold a NUL byte.
            broken.session.stateJSON = "{\"pending\": \"\u{0}\"}"
            let turns = [Self.turn(session: Self.newID("fine-a")), broken, Self.turn(session: Self.newID("fine-b"))]
            let commits = turns.map { turn in Task { try await store.commit(turn) } }
            try await waitFor(3)
            return {
                #expect(try await commits[0].value == 1)
                let error = await #expect(throws: PostgresError.self) { try await commits[1].value }
                #expect(error?.sqlState == "22021")
                #expect(try await commits[2].value == 1)
                let rows = try await pool.query("""
                    SELECT count(*) AS n FROM turns WHERE session_id = ANY(\(turns.map(\.session.id)))
                    """)
                #expect(try rows[0].decode("n", as: Int.self) == 2)
            }
        }
    }

    @Test func aLoneTurnOnAnotherOwnersSessionIsRefusedAndWritesNothing() async throws {
        let owned = Self.newID("owned")
        _ = try await Self.commitElsewhere(Self.turn(session: owned, owner: "alice"))
        await #expect(throws: TranscriptStoreError.sessionOwnedByAnother) {
            try await Self.commitElsewhere(Self.turn(session: owned, owner: "mallory"))
        }
        try await withTestPostgresPool(logger: Self.logger) { pool in
            let rows = try await pool.query("""
                SELECT s.turn_count, (SELECT count(*) FROM turns t WHERE t.session_id = s.id) AS turns
                FROM sessions s WHERE s.id = \(owned)
                """)
            #expect(try rows[0].decode("turn_count", as: Int.self) == 1)
            #expect(try rows[0].decode("turns", as: Int.self) == 1)
        }
    }

    @Test func aTurnOnAnotherOwnersSessionIsRefusedAndTheOthersCommit() async throws {
        let owned = Self.newID("owned")
        _ = try await Self.commitElsewhere(Self.turn(session: owned, owner: "alice"))
        try await withHeldCommit { store, pool, waitFor in
            let intruder = Task { try await store.commit(Self.turn(session: owned, owner: "mallory")) }
            let neighbour = Task { try await store.commit(Self.turn(session: Self.newID("neighbour"))) }
            try await waitFor(2)
            return {
                await #expect(throws: TranscriptStoreError.sessionOwnedByAnother) { try await intruder.value }
                #expect(try await neighbour.value == 1)
                let rows = try await pool.query("SELECT turn_count FROM sessions WHERE id = \(owned)")
                #expect(try rows[0].decode("turn_count", as: Int.self) == 1)
            }
        }
    }

    // MARK: Support

    /// Runs `body` with a store whose only commit slot is taken by a turn that
    /// cannot finish: another connection holds its session's row lock. `body`
    /// starts commits, waits with `waitFor(n)` until `n` turns wait in line,
    /// and returns the checks to run once the lock is released.
    private func withHeldCommit(
        _ body: (PostgresTranscriptStore, PostgresPool, @escaping @Sendable (Int) async throws -> Void) async throws
            -> @Sendable () async throws -> Void
    ) async throws {
        let configuration = try PostgresConfiguration(url: TestEnvironment.databaseURL)
        let pool = PostgresPool(configuration: configuration, maxConnections: 4, logger: Self.logger)
        let store = PostgresTranscriptStore(pool: pool, commitConcurrency: 1)
        let locker = try await PostgresConnection.connect(configuration: configuration, logger: Self.logger)
        do {
            let held = Self.newID("held")
            _ = try await Self.commitElsewhere(Self.turn(session: held))
            try await locker.query("BEGIN")
            try await locker.query("SELECT 1 FROM sessions WHERE id = \(held) FOR UPDATE")
            let blocked = Task { try await store.commit(Self.turn(session: held)) }
            try await waitUntil { try await Self.isWaitingForLock(pool: pool, session: held) }

            let checks = try await body(store, pool) { count in
                try await waitUntil { store.turnsWaitingToCommit == count }
            }
            try await locker.query("COMMIT")
            #expect(try await blocked.value == 2)
            try await checks()
        } catch {
            _ = try? await locker.query("ROLLBACK")
            await locker.close()
            await pool.close()
            throw error
        }
        await locker.close()
        await pool.close()
    }

    private static func isWaitingForLock(pool: PostgresPool, session: String) async throws -> Bool {
        let rows = try await pool.query("""
            SELECT count(*) AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database() AND query LIKE '%INSERT INTO sessions%'
            """)
        return try rows[0].decode("n", as: Int.self) > 0
    }

    /// Commits through a store of its own, outside the held line.
    private static func commitElsewhere(_ turn: TurnRecord) async throws -> Int {
        try await withTestPostgresPool(logger: logger) { pool in
            try await PostgresTranscriptStore(pool: pool).commit(turn)
        }
    }

    private static func newID(_ prefix: String) -> String {
        "\(prefix)-\(UUID().uuidString.lowercased())"
    }

    /// Escapes and an emoji, which the batch's arrays must carry as they are.
    private static let userText = "show my nags\ttab, \"quotes\", emoji 🎙️"

    private static func turn(
        session: String, owner: String = "group-commit-test", shadowRules: [String] = [], idempotencyKey: String? = nil
    ) -> TurnRecord {
        let userAt = Date(timeIntervalSince1970: 1_790_000_000.123456)
        return TurnRecord(
            turnID: newID("turn"),
            session: SessionRecord(id: session, owner: owner, client: "ios_app", createdAt: userAt.addingTimeInterval(-60.5),
                                   turnCount: 0, stateJSON: #"{"pending":null,"slots":{"app":"Oppi"},"note":"a \"quoted\" é"}"#),
            idempotencyKey: idempotencyKey,
            requestHash: Array(0..<32),
            requestJSON: #"{"user_text":"show my nags","client":"ios_app","meta":{"voice":true}}"#,
            responseJSON: #"{"reply_text":"Here are your nags.\nTwo are due.","handoff_to_app":true,"deep_link_url":"nagz://nags"}"#,
            userText: userText,
            userAt: userAt,
            replyText: "Here are your nags.",
            replyAt: userAt.addingTimeInterval(0.003217),
            intentID: "nagz.list",
            intentStatus: "completed",
            decision: HandoffRecord(handoff: true, rule: "visual-list", stage: "trigger", reason: "a list reads better on screen",
                                    mode: "enforce", rulesetRevision: "2026-05-12.1",
                                    factsJSON: #"{"device.voice":true,"time.local_hour":19}"#,
                                    vetoRule: nil, triggerRule: "visual-list", deliveryRule: "deep-link", shadowRules: shadowRules),
            latencyMs: 7
        )
    }
}
