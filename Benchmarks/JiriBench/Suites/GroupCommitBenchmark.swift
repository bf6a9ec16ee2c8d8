import Foundation
import LibPQ
import Storage

/// Turn commits from 32 concurrent committers, each in a session of its own,
/// through `PostgresTranscriptStore`: with the default two commit slots (turns
/// that wait commit together) and with a slot per committer (one statement per
/// turn, no grouping). The same turns, the same pool of 32 connections.
struct GroupCommitBenchmark {
    let databaseURL: String
    let report: Report

    static let committers = 32
    static let turnsEach = 100

    func run() async throws {
        try await withBenchSessions("bench-group", databaseURL: databaseURL, maxConnections: Self.committers) { pool, prefix in
            for (slots, label) in [(2, "2 slots (group commit)"), (Self.committers, "32 slots (one per turn)")] {
                let store = PostgresTranscriptStore(pool: pool, commitConcurrency: slots)
                let rate = try await commitRate(store, prefix: "\(prefix)-\(slots)")
                report.record("commit", "\(Self.committers) committers, \(label)", rate, "turns/s",
                              note: "\(Self.committers * Self.turnsEach) turns, synchronous commit")
            }
        }
    }

    private func commitRate(_ store: PostgresTranscriptStore, prefix: String) async throws -> Double {
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for committer in 0..<Self.committers {
                group.addTask {
                    let session = "\(prefix)-\(committer)"
                    var turn = HistoryBenchmark.turnRecord(session: session, turnCount: 0)
                    for index in 0..<Self.turnsEach {
                        turn.turnID = "\(session)-t\(index)"
                        blackHole(try await store.commit(turn))
                    }
                }
            }
            try await group.waitForAll()
        }
        let seconds = Stopwatch.nanoseconds(ContinuousClock.now - started) / 1e9
        return Double(Self.committers * Self.turnsEach) / seconds
    }
}
