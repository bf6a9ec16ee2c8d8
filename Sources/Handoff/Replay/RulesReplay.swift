import Foundation

/// Re-decides stored turns with a candidate ruleset and counts what changes.
///
/// `run` takes turns one at a time from a producer (a database cursor), gathers them into
/// batches and decodes and decides the batches on up to `concurrency` tasks, so memory holds at
/// most `concurrency + 1` batches whatever the number of turns.
public struct RulesReplay: Sendable {
    public let candidate: HandoffEngine
    public var batchSize: Int
    public var concurrency: Int

    public init(candidate: Ruleset, batchSize: Int = 2_000,
                concurrency: Int = ProcessInfo.processInfo.activeProcessorCount) {
        precondition(batchSize > 0 && concurrency > 0, "batchSize and concurrency must be positive")
        self.candidate = HandoffEngine(ruleset: candidate)
        self.batchSize = batchSize
        self.concurrency = concurrency
    }

    /// Re-decides turns on the calling task.
    public func tally(_ turns: some Sequence<ReplayTurn>) -> ReplayTally {
        let decoder = FactsJSONDecoder()
        var tally = ReplayTally()
        for turn in turns {
            replay(turn, decoder: decoder, into: &tally)
        }
        return tally
    }

    /// Re-decides every turn `produce` emits and reports the changes. The producer runs on the
    /// calling task; it should emit turns as it reads them, never collect them.
    public func run(
        since: Date? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ produce: (_ emit: (ReplayTurn) async throws -> Void) async throws -> Void
    ) async throws -> ReplayReport {
        let started = ContinuousClock.now
        let counted = try await withThrowingTaskGroup(of: ReplayTally.self, returning: ReplayTally.self) { group in
            var total = ReplayTally()
            var batch: [ReplayTurn] = []
            batch.reserveCapacity(batchSize)
            var running = 0
            try await produce { turn in
                batch.append(turn)
                guard batch.count >= batchSize else { return }
                if running >= concurrency, let done = try await group.next() {
                    total.merge(done)
                    running -= 1
                }
                let full = batch
                batch.removeAll(keepingCapacity: true)
                group.addTask { tally(full) }
                running += 1
            }
            total.merge(tally(batch))
            while let done = try await group.next() {
                total.merge(done)
            }
            return total
        }
        return ReplayReport(tally: counted, candidate: candidate.ruleset, since: since,
                            elapsed: ContinuousClock.now - started)
    }

    /// Decodes one turn's facts and counts its candidate decision. The user's "don't show me"
    /// phrases are checked with the candidate's list, as a live turn would.
    private func replay(_ turn: ReplayTurn, decoder: FactsJSONDecoder, into tally: inout ReplayTally) {
        var facts: HandoffFacts
        do {
            facts = try decoder.decode(turn.factsJSON)
        } catch {
            tally.recordUndecodable(turn, error: error)
            return
        }
        if !facts.userDeclinedVisual {
            facts.userDeclinedVisual = candidate.ruleset.declinesVisual(facts.utteranceText)
        }
        tally.record(turn, candidate: candidate.decide(facts, rolloutKey: turn.sessionID))
    }
}
