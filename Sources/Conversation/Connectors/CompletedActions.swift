/// The outcomes of recent completed actions (a nag created, a prompt sent)
/// by turn: a retried turn gets the first answer again instead of acting a
/// second time. The backend's `Idempotency-Key` guards across Jiri instances;
/// this spares the round trip and covers backends that ignore the header.
actor CompletedActions {
    private struct Entry {
        var outcome: ToolOutcome
        var storedAt: ContinuousClock.Instant
    }

    private let capacity: Int
    private let lifetime: Duration
    private var entries: [String: Entry] = [:]
    /// Keys oldest first, for eviction.
    private var order: [String] = []

    init(capacity: Int = 1024, lifetime: Duration = .seconds(600)) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    func outcome(for key: String) -> ToolOutcome? {
        guard let entry = entries[key] else { return nil }
        guard ContinuousClock.now - entry.storedAt < lifetime else { return nil }
        return entry.outcome
    }

    /// Keeps `outcome` when it completed; failures are not kept, so a retry tries again.
    func remember(_ outcome: ToolOutcome, for key: String) {
        guard outcome.status == .completed else { return }
        if entries[key] == nil { order.append(key) }
        entries[key] = Entry(outcome: outcome, storedAt: .now)
        while order.count > capacity {
            entries[order.removeFirst()] = nil
        }
    }

    /// Runs `action` unless the same key already completed; remembers what it gives.
    nonisolated func once(_ key: String, _ action: () async -> ToolOutcome) async -> ToolOutcome {
        if let previous = await outcome(for: key) {
            var replay = previous
            replay.trace.append("replayed: turn already completed")
            return replay
        }
        let outcome = await action()
        await remember(outcome, for: key)
        return outcome
    }
}

extension ToolInvocation {
    /// Identifies this action for ``CompletedActions``: the same intent in the same turn.
    var actionKey: String { "\(intent.id)|\(turnID)" }
}
