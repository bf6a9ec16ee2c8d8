import Foundation
import LibPQ

/// A stored turn's handoff decision and the facts it was made from.
public struct StoredTurnDecision: Sendable, Hashable {
    public var turnID: String
    public var sessionID: String
    public var owner: String
    /// The `HandoffFacts` JSON the rules saw.
    public var factsJSON: String
    public var handoff: Bool
    /// The deciding rule; nil when no rule decided.
    public var rule: String?
    public var revision: String
}

/// Reads stored turn decisions in constant memory: a server-side cursor fetched in batches,
/// the next batch fetched while the caller works through the current one, so Postgres and the
/// caller work at the same time.
///
/// Only decided turns are read: a turn that ended the conversation was never decided and has no
/// revision. Rows come in storage order, which is all a replay's counts need.
public struct TurnDecisionStream: Sendable {
    let pool: PostgresPool
    public var batchSize: Int

    public init(pool: PostgresPool, batchSize: Int = 2_000) {
        precondition(batchSize > 0, "batchSize must be positive")
        self.pool = pool
        self.batchSize = batchSize
    }

    /// Calls `body` with every decided turn created at or after `since` (every turn when nil),
    /// at most `limit` of them. Holds at most two batches.
    public func forEach(
        since: Date?, limit: Int? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StoredTurnDecision) async throws -> Void
    ) async throws {
        let select: PostgresQuery = """
            DECLARE turn_decisions NO SCROLL CURSOR FOR
            SELECT id, session_id, owner, facts, handoff, handoff_rule, ruleset_revision
            FROM turns
            WHERE created_at >= \(since ?? .distantPast) AND facts IS NOT NULL AND ruleset_revision IS NOT NULL
            LIMIT \(limit.map(Int64.init) ?? Int64.max)
            """
        let fetch = PostgresQuery(sql: "FETCH FORWARD \(batchSize) FROM turn_decisions")
        try await pool.withConnection { connection in
            try await connection.withTransaction { connection in
                try await connection.query(select)
                var next: Task<PostgresResult, any Error>? = Task { try await connection.query(fetch) }
                do {
                    while let pending = next {
                        let batch = try await pending.value
                        next = batch.count < batchSize ? nil : Task { try await connection.query(fetch) }
                        for row in batch {
                            try await body(try Self.decision(row))
                        }
                    }
                } catch {
                    // The connection goes back to the pool only once no fetch is running on it.
                    _ = try? await next?.value
                    throw error
                }
            }
        }
    }

    private static func decision(_ row: PostgresRow) throws -> StoredTurnDecision {
        StoredTurnDecision(
            turnID: try row.decode("id"),
            sessionID: try row.decode("session_id"),
            owner: try row.decode("owner"),
            factsJSON: try row.decode("facts"),
            handoff: try row.decode("handoff"),
            rule: try row.decode("handoff_rule"),
            revision: try row.decode("ruleset_revision")
        )
    }
}
