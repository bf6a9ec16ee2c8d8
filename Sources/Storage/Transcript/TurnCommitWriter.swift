import Foundation
import LibPQ
import Metrics

/// The statements that commit turns: one turn alone, or several in one
/// statement (one transaction) when the store's group commit gathered them.
/// Both write the same rows (a test compares them column by column). A lone
/// turn keeps its own statement with typed parameters, without the batch's
/// `unnest` and casts back from text: a lone turn is the one whose latency shows.
struct TurnCommitWriter: Sendable {
    typealias Outcome = Result<Int, any Error>

    let pool: PostgresPool

    private static let singleCommits = Counter(label: "jiri_transcript_commits_total", dimensions: [("turns", "one")])
    private static let batchCommits = Counter(label: "jiri_transcript_commits_total", dimensions: [("turns", "several")])
    private static let batchedTurns = Counter(label: "jiri_transcript_batched_turns_total")
    private static let fallbacks = Counter(label: "jiri_transcript_commit_fallbacks_total")

    /// Both statements: an existing session counts the turn, unless another
    /// principal owns it (then no row comes back and nothing more is written).
    private static let sessionUpdate = """
        ON CONFLICT (id) DO UPDATE
            SET turn_count = sessions.turn_count + 1, last_active_at = EXCLUDED.last_active_at, state = EXCLUDED.state
            WHERE sessions.owner = EXCLUDED.owner
        """
    private static let turnColumns = """
        id, session_id, seq, owner, idempotency_key, request_hash, request, response, intent_id, intent_status,
        handoff, handoff_rule, handoff_stage, handoff_reason, handoff_mode, ruleset_revision, facts,
        veto_rule, trigger_rule, delivery_rule, shadow_rules, latency_ms, created_at, user_text, user_at, reply_text
        """

    /// The batched commit; its parameters are `TurnBatchColumns`, in order.
    private static let batchStatement: String = {
        let arrays = (1...TurnBatchColumns.names.count).map { "$\($0)::text[]" }.joined(separator: ", ")
        return """
            WITH input AS (
                SELECT * FROM unnest(\(arrays)) AS t(\(TurnBatchColumns.names.joined(separator: ", ")))
            ), upserted AS (
                INSERT INTO sessions (id, owner, client, created_at, last_active_at, turn_count, state)
                SELECT session_id, owner, client, session_created_at::timestamptz, reply_at::timestamptz, 1, state FROM input
                \(sessionUpdate)
                RETURNING id, turn_count
            )
            INSERT INTO turns (\(turnColumns))
            SELECT i.id, i.session_id, u.turn_count, i.owner, i.idempotency_key, decode(i.request_hash, 'hex'),
                i.request, i.response, i.intent_id, i.intent_status, i.handoff::boolean, i.handoff_rule,
                i.handoff_stage, i.handoff_reason, i.handoff_mode, i.ruleset_revision, i.facts, i.veto_rule,
                i.trigger_rule, i.delivery_rule, i.shadow_rules::text[], i.latency_ms::integer,
                i.reply_at::timestamptz, i.user_text, i.user_at::timestamptz, i.reply_text
            FROM input i JOIN upserted u ON u.id = i.session_id
            RETURNING id, seq
            """
    }()

    /// One outcome per turn, in order.
    func write(_ turns: [TurnRecord]) async -> [Outcome] {
        guard turns.count > 1 else {
            Self.singleCommits.increment()
            return [await Self.outcome { try await commitAlone(turns[0]) }]
        }
        do {
            let outcomes = try await commitTogether(turns)
            Self.batchCommits.increment()
            Self.batchedTurns.increment(by: turns.count)
            return outcomes
        } catch let error as PostgresError where Self.refusesOneTurn(error) {
            // One turn the server refused (a duplicate idempotency key, a lost
            // race on a session, data it cannot store) rolled the whole statement
            // back: commit each on its own to learn which, as if they had never
            // met. Other errors (a timeout, a lost connection) would befall each
            // of them alike.
            Self.fallbacks.increment()
            var outcomes: [Outcome] = []
            for turn in turns {
                Self.singleCommits.increment()
                outcomes.append(await Self.outcome { try await commitAlone(turn) })
            }
            return outcomes
        } catch {
            return Array(repeating: .failure(error), count: turns.count)
        }
    }

    /// A lone turn's statement. Its SQL never changes, so it is written once
    /// rather than interpolated on every turn (building 2 KB of SQL was about 6 %
    /// of a turn's instructions); its parameters are `aloneParameters`, in order.
    private static let aloneStatement = """
        WITH upserted AS (
            INSERT INTO sessions (id, owner, client, created_at, last_active_at, turn_count, state)
            VALUES ($1, $2, $3, $4, $5, 1, $6)
            \(sessionUpdate)
            RETURNING turn_count
        )
        INSERT INTO turns (\(turnColumns))
        SELECT $7, $1, upserted.turn_count, $2, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
            $21, $22, $23, $24, $25, $5, $26, $27, $28
        FROM upserted
        RETURNING seq
        """

    private static func aloneParameters(_ turn: TurnRecord) -> [PostgresValue] {
        let session = turn.session
        let decision = turn.decision
        return [
            session.id.postgresValue, session.owner.postgresValue, session.client.postgresValue,
            session.createdAt.postgresValue, turn.replyAt.postgresValue, session.stateJSON.postgresValue,
            turn.turnID.postgresValue, turn.idempotencyKey.postgresValue, turn.requestHash.postgresValue,
            turn.requestJSON.postgresValue, turn.responseJSON.postgresValue, turn.intentID.postgresValue,
            turn.intentStatus.postgresValue, decision.handoff.postgresValue, decision.rule.postgresValue,
            decision.stage.postgresValue, decision.reason.postgresValue, decision.mode.postgresValue,
            decision.rulesetRevision.postgresValue, decision.factsJSON.postgresValue, decision.vetoRule.postgresValue,
            decision.triggerRule.postgresValue, decision.deliveryRule.postgresValue,
            decision.shadowRules.isEmpty ? .null : decision.shadowRules.postgresValue, turn.latencyMs.postgresValue,
            turn.userText.postgresValue, turn.userAt.postgresValue, turn.replyText.postgresValue,
        ]
    }

    func commitAlone(_ turn: TurnRecord) async throws -> Int {
        let query = PostgresQuery(sql: Self.aloneStatement, binds: Self.aloneParameters(turn)).prepared()
        do {
            let rows = try await pool.query(query)
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

    /// A constraint violation (class 23: a unique key, a foreign key), data the
    /// server cannot take (class 22: text holding a NUL byte, say) or a
    /// deadlock with another batch: something one turn's rows may have caused.
    private static func refusesOneTurn(_ error: PostgresError) -> Bool {
        guard error.kind == .server, let state = error.sqlState else { return false }
        return state.hasPrefix("23") || state.hasPrefix("22") || state == "40P01"
    }

    private static func outcome(of commit: () async throws -> Int) async -> Outcome {
        do {
            return .success(try await commit())
        } catch {
            return .failure(error)
        }
    }

    /// The turns (one per session) in one statement: the same upsert and turn
    /// row per turn as `commitAlone`, fed from one array per column.
    /// Rows go in session order, so two batches lock their sessions in one order.
    /// A turn whose session belongs to another owner writes nothing and gets
    /// `sessionOwnedByAnother`; the others commit.
    private func commitTogether(_ turns: [TurnRecord]) async throws -> [Outcome] {
        let columns = TurnBatchColumns(turns.sorted { $0.session.id < $1.session.id })
        let query = PostgresQuery(sql: Self.batchStatement, binds: columns.parameters).prepared()
        let rows = try await pool.query(query)
        var sequences: [String: Int] = [:]
        sequences.reserveCapacity(rows.count)
        for row in rows {
            sequences[try row.decode("id", as: String.self)] = try row.decode("seq", as: Int.self)
        }
        return turns.map { turn in
            sequences[turn.turnID].map { .success($0) } ?? .failure(TranscriptStoreError.sessionOwnedByAnother)
        }
    }
}
