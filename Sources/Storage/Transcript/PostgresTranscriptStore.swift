import ConnectionSupport
import Foundation
import LibPQ

/// `TranscriptStore` over Postgres. Every method is one statement: turns
/// commit in a single round trip (data-modifying CTEs are atomic), several
/// together under load (group commit), and a history page is one indexed
/// read. Each is a prepared statement, parsed and planned once per connection
/// instead of once per turn.
public struct PostgresTranscriptStore: TranscriptStore {
    let pool: PostgresPool
    /// Group commit: turns that wait for a commit slot commit together, at
    /// most one per session (one statement cannot update a session row twice).
    private let commits: GroupingQueue<TurnRecord, Int>
    private let writer: TurnCommitWriter

    /// - Parameters:
    ///   - commitConcurrency: commits that may run at once; turns arriving while
    ///     they all run wait and commit together in the next one.
    ///   - maxTurnsPerCommit: the most turns one commit carries.
    public init(pool: PostgresPool, commitConcurrency: Int = 2, maxTurnsPerCommit: Int = 32) {
        self.pool = pool
        self.writer = TurnCommitWriter(pool: pool)
        self.commits = GroupingQueue(concurrency: commitConcurrency, maxGroup: maxTurnsPerCommit,
                                     exclusiveKey: { $0.session.id })
    }

    /// Turns waiting for a commit to start, for metrics.
    public var turnsWaitingToCommit: Int {
        commits.waiting
    }

    public func session(id: String) async throws -> SessionRecord? {
        let query: PostgresQuery = """
            SELECT id, owner, client, created_at, turn_count, state
            FROM sessions WHERE id = \(id)
            """
        let rows = try await pool.query(query.prepared())
        guard let row = rows.first else { return nil }
        return SessionRecord(
            id: try row.decode("id"),
            owner: try row.decode("owner"),
            client: try row.decode("client"),
            createdAt: try row.decode("created_at"),
            turnCount: try row.decode("turn_count", as: Int.self),
            stateJSON: try row.decode("state")
        )
    }

    public func commit(_ turn: TurnRecord) async throws -> Int {
        try await commits.submit(turn, run: writer.write)
    }

    public func history(sessionID: String, before: Int?, limit: Int) async throws -> HistoryPage? {
        // One indexed read: the session row joined with the page's turns (primary
        // key order), each turn giving its two messages (2n - 1 the user's, 2n the
        // reply), one extra message fetched to learn whether more exist. The newest
        // turn read may hold only one message below `before`, hence a turn more.
        let upper = before ?? Int(Int32.max)
        let query: PostgresQuery = """
            SELECT s.owner, s.created_at AS session_created_at,
                   m.seq, m.role, m.content, m.created_at
            FROM sessions s
            LEFT JOIN LATERAL (
                SELECT x.seq, x.role, x.content, x.created_at
                FROM (
                    SELECT seq, user_text, user_at, reply_text, created_at FROM turns
                    WHERE session_id = s.id AND seq <= \(upper / 2)
                    ORDER BY seq DESC
                    LIMIT \(limit / 2 + 2)
                ) t
                CROSS JOIN LATERAL (VALUES
                    (t.seq * 2, 'assistant', t.reply_text, t.created_at),
                    (t.seq * 2 - 1, 'user', t.user_text, t.user_at)
                ) AS x (seq, role, content, created_at)
                WHERE x.seq < \(upper)
                ORDER BY x.seq DESC
                LIMIT \(limit + 1)
            ) m ON true
            WHERE s.id = \(sessionID)
            """
        let rows = try await pool.query(query.prepared())
        guard let first = rows.first else { return nil }
        var messages: [HistoryPage.Message] = []
        messages.reserveCapacity(rows.count)
        for row in rows where !row.isNull("seq") {
            messages.append(HistoryPage.Message(
                seq: try row.decode("seq", as: Int.self),
                role: try row.decode("role"),
                content: try row.decode("content"),
                createdAt: try row.decode("created_at")
            ))
        }
        let hasMore = messages.count > limit
        if hasMore { messages.removeLast() }
        return HistoryPage(
            sessionID: sessionID,
            owner: try first.decode("owner"),
            createdAt: try first.decode("session_created_at"),
            messages: messages.reversed(),
            hasMore: hasMore
        )
    }

    public func storedTurn(owner: String, idempotencyKey: String) async throws -> StoredTurn? {
        let query: PostgresQuery = """
            SELECT request_hash, response FROM turns
            WHERE owner = \(owner) AND idempotency_key = \(idempotencyKey)
            """
        let rows = try await pool.query(query.prepared())
        guard let row = rows.first else { return nil }
        return StoredTurn(requestHash: try row.decode("request_hash"), responseJSON: try row.decode("response"))
    }
}
