import ConnectionSupport

/// Group commit for turns. At most `concurrency` commits run at once; a turn
/// that arrives while they all run waits, and the waiting turns go together in
/// the next commit. Under load a commit then carries several turns, so the
/// per-statement and per-transaction cost (plan start, commit record, WAL flush,
/// one round trip) is paid once for all of them; when commits keep up, each turn
/// goes alone at once and waits for nobody.
///
/// No extra task runs: the caller whose turn heads the next batch is woken to
/// run it, and wakes the others with their outcomes.
final class TurnCommitQueue: Sendable {
    typealias Outcome = Result<Int, any Error>
    /// Writes the turns in one commit; one outcome per turn, in order.
    typealias Write = @Sendable ([TurnRecord]) async -> [Outcome]

    /// How a waiting turn is woken.
    private enum Wake: Sendable {
        /// Its batch committed (or failed) with this outcome.
        case finished(Outcome)
        /// It heads this batch (itself first) and runs it.
        case lead([Waiter])
    }

    private struct Waiter: Sendable {
        let turn: TurnRecord
        let continuation: UnsafeContinuation<Wake, Never>
    }

    private struct State {
        var running = 0
        var waiting: [Waiter] = []
    }

    let concurrency: Int
    let maxBatch: Int
    private let write: Write
    private let state = Locked(State())

    init(concurrency: Int, maxBatch: Int, write: @escaping Write) {
        precondition(concurrency > 0 && maxBatch > 0)
        self.concurrency = concurrency
        self.maxBatch = maxBatch
        self.write = write
    }

    /// Turns waiting for a commit to start.
    var waiting: Int {
        state.withLock { $0.waiting.count }
    }

    /// Commits the turn, alone or with others; returns its sequence number.
    func commit(_ turn: TurnRecord) async throws -> Int {
        let runsAtOnce = state.withLock { state in
            guard state.running < concurrency, state.waiting.isEmpty else { return false }
            state.running += 1
            return true
        }
        if runsAtOnce {
            let outcome = await write([turn])[0]
            handOn()
            return try outcome.get()
        }
        let wake = await withUnsafeContinuation { (continuation: UnsafeContinuation<Wake, Never>) in
            let waiter = Waiter(turn: turn, continuation: continuation)
            let leads = state.withLock { state in
                guard state.running < concurrency else {
                    state.waiting.append(waiter)
                    return false
                }
                state.running += 1
                return true
            }
            if leads { continuation.resume(returning: .lead([waiter])) }
        }
        switch wake {
        case .finished(let outcome):
            return try outcome.get()
        case .lead(let batch):
            let outcomes = await write(batch.map(\.turn))
            for (waiter, outcome) in zip(batch, outcomes).dropFirst() {
                waiter.continuation.resume(returning: .finished(outcome))
            }
            handOn()
            return try outcomes[0].get()
        }
    }

    /// After a commit: the waiting turns become the next batch, led by the
    /// first of them, or the slot is given back.
    private func handOn() {
        let next = state.withLock { state -> [Waiter] in
            let batch = Self.takeBatch(from: &state.waiting, limit: maxBatch)
            if batch.isEmpty { state.running -= 1 }
            return batch
        }
        next.first?.continuation.resume(returning: .lead(next))
    }

    /// The oldest waiting turns, up to `limit`, at most one per session (one
    /// statement cannot update a session row twice); the rest keep their order.
    private static func takeBatch(from waiting: inout [Waiter], limit: Int) -> [Waiter] {
        guard !waiting.isEmpty else { return [] }
        var batch: [Waiter] = []
        var left: [Waiter] = []
        var sessions = Set<String>()
        for waiter in waiting {
            if batch.count < limit, sessions.insert(waiter.turn.session.id).inserted {
                batch.append(waiter)
            } else {
                left.append(waiter)
            }
        }
        waiting = left
        return batch
    }
}
