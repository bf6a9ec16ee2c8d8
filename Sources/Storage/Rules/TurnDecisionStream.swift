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

/// Reads stored turn decisions in constant memory (a server-side cursor fetched in batches),
/// for replaying them under a candidate ruleset.
///
/// Only decided turns are read: a turn that ended the conversation was never decided and has no
/// revision. Rows come in storage order, which is all a replay's counts need.
public struct TurnDecisionStream: Sendable {
    let pool: PostgresPool
    public var batchSize: Int

    public init(pool: PostgresPool, batchSize: Int = 5_000) {
        self.pool = pool
        self.batchSize = batchSize
    }

    /// Calls `body` with every decided turn created at or after `since` (every turn when nil),
    /// at most `limit` of them.
    public func forEach(
        since: Date?, limit: Int? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (StoredTurnDecision) async throws -> Void
    ) async throws {
        let query: PostgresQuery = """
            SELECT id, session_id, owner, facts::text AS facts, handoff, handoff_rule, ruleset_revision
            FROM turns
            WHERE created_at >= \(since ?? .distantPast) AND facts IS NOT NULL AND ruleset_revision IS NOT NULL
            LIMIT \(limit.map(Int64.init) ?? Int64.max)
            """
        try await pool.withConnection { connection in
            try await connection.stream(query, batchSize: batchSize) { row in
                try await body(StoredTurnDecision(
                    turnID: try row.decode("id"),
                    sessionID: try row.decode("session_id"),
                    owner: try row.decode("owner"),
                    factsJSON: try row.decode("facts"),
                    handoff: try row.decode("handoff"),
                    rule: try row.decode("handoff_rule"),
                    revision: try row.decode("ruleset_revision")
                ))
            }
        }
    }
}
