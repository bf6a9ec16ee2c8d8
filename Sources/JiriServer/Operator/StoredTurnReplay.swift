import Foundation
import Handoff
import LibPQ
import Storage

/// Replays stored turns from Postgres under a candidate ruleset: `jiri rules replay` and
/// `POST /admin/rules/replay`. Streams through a cursor, so memory stays flat however many
/// turns there are.
public struct StoredTurnReplay: Sendable {
    let stream: TurnDecisionStream
    /// How many tasks decode and decide at once.
    let concurrency: Int

    /// `concurrency` defaults to every core, for the command line; a server leaves some to
    /// the turns it is answering.
    public init(pool: PostgresPool, batchSize: Int = 2_000,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        stream = TurnDecisionStream(pool: pool, batchSize: batchSize)
        self.concurrency = max(1, concurrency)
    }

    /// Re-decides the decided turns created since `since` (all when nil), at most `limit`.
    public func run(candidate: Ruleset, since: Date?, limit: Int? = nil) async throws -> ReplayReport {
        try await RulesReplay(candidate: candidate, concurrency: concurrency).run(since: since) { emit in
            try await stream.forEach(since: since, limit: limit) { stored in
                try await emit(ReplayTurn(
                    turnID: stored.turnID, sessionID: stored.sessionID, factsJSON: stored.factsJSON,
                    stored: StoredHandoff(handoff: stored.handoff, rule: stored.rule, revision: stored.revision)
                ))
            }
        }
    }
}
