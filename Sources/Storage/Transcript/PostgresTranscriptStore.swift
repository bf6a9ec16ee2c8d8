import Foundation
import LibPQ

/// `TranscriptStore` over Postgres. Every method is one statement: a turn
/// commits in a single round trip (data-modifying CTEs are atomic), and a
/// history page is one indexed read. Each is a prepared statement, parsed and
/// planned once per connection instead of once per turn.
public struct PostgresTranscriptStore: TranscriptStore {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func session(id: String) async throws -> SessionRecord? {
        let query: PostgresQuery = """
            SELECT id, owner, client, created_at, turn_count, state::text AS state
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
        let session = turn.session
        let decision = turn.decision
        let query: PostgresQuery = """
            WITH upserted AS (
                INSERT INTO sessions (id, owner, client, created_at, last_active_at, turn_count, state)
                VALUES (\(session.id), \(session.owner), \(session.client), \(session.createdAt), \(turn.replyAt), 1, \(PostgresJSONB(session.stateJSON)))
                ON CONFLICT (id) DO UPDATE
                    SET turn_count = sessions.turn_count + 1,
                        last_active_at = EXCLUDED.last_active_at,
                        state = EXCLUDED.state
                    WHERE sessions.owner = EXCLUDED.owner
                RETURNING turn_count
            ), turn AS (
                INSERT INTO turns (
                    id, session_id, seq, owner, idempotency_key, request_hash, request, response,
                    intent_id, intent_status, handoff, handoff_rule, handoff_stage, handoff_reason,
                    handoff_mode, ruleset_revision, facts, veto_rule, trigger_rule, delivery_rule, shadow_rules,
                    latency_ms, created_at)
                SELECT \(turn.turnID), \(session.id), upserted.turn_count, \(session.owner), \(turn.idempotencyKey),
                    \(turn.requestHash), \(PostgresJSONB(turn.requestJSON)), \(PostgresJSONB(turn.responseJSON)),
                    \(turn.intentID), \(turn.intentStatus), \(decision.handoff), \(decision.rule), \(decision.stage),
                    \(decision.reason), \(decision.mode), \(decision.rulesetRevision),
                    \(decision.factsJSON.map(PostgresJSONB.init)), \(decision.vetoRule), \(decision.triggerRule),
                    \(decision.deliveryRule), \(decision.shadowRules.isEmpty ? nil : decision.shadowRules),
                    \(turn.latencyMs), \(turn.replyAt)
                FROM upserted
                RETURNING seq
            ), written AS (
                INSERT INTO messages (session_id, seq, turn_id, role, content, created_at)
                SELECT \(session.id), turn.seq * 2 - 1, \(turn.turnID), 'user', \(turn.userText), \(turn.userAt) FROM turn
                UNION ALL
                SELECT \(session.id), turn.seq * 2, \(turn.turnID), 'assistant', \(turn.replyText), \(turn.replyAt) FROM turn
                RETURNING seq
            )
            SELECT (SELECT seq FROM turn) AS seq, (SELECT count(*) FROM written) AS written
            """
        do {
            let rows = try await pool.query(query.prepared())
            guard let row = rows.first, let seq = try row.decode("seq", as: Int?.self) else {
                throw TranscriptStoreError.sessionOwnedByAnother
            }
            return seq
        } catch let error as PostgresError where error.sqlState == "23505" {
            // Unique violations: the idempotency key, or (session, seq) when
            // two instances raced on one session without a lease.
            if let detail = error.detail, detail.contains("idempotency_key") || error.message.contains("idempotency") {
                throw TranscriptStoreError.duplicateIdempotencyKey
            }
            throw TranscriptStoreError.concurrentTurn
        }
    }

    public func history(sessionID: String, before: Int?, limit: Int) async throws -> HistoryPage? {
        // One indexed read: the session row joined with the page of messages
        // (primary key order), one extra row fetched to learn whether more exist.
        let upper = before ?? Int(Int32.max)
        let query: PostgresQuery = """
            SELECT s.owner, s.created_at AS session_created_at,
                   m.seq, m.role, m.content, m.created_at
            FROM sessions s
            LEFT JOIN LATERAL (
                SELECT seq, role, content, created_at FROM messages
                WHERE session_id = s.id AND seq < \(upper)
                ORDER BY seq DESC
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
            SELECT request_hash, response::text AS response FROM turns
            WHERE owner = \(owner) AND idempotency_key = \(idempotencyKey)
            """
        let rows = try await pool.query(query.prepared())
        guard let row = rows.first else { return nil }
        return StoredTurn(requestHash: try row.decode("request_hash"), responseJSON: try row.decode("response"))
    }
}
