/// Runs work in groups, for group commit and request coalescing. At most
/// `concurrency` groups run at once; an item that arrives while they all run
/// waits, and the items that waited go together as the next group. Under load a
/// group carries many items, so what a run costs once (a round trip, a commit,
/// a system call) is shared; when runs keep up, each item goes alone at once and
/// waits for nobody.
///
/// No extra task runs: the caller whose item heads the next group is woken to
/// run it, and wakes the others with their outcomes.
public final class GroupingQueue<Item: Sendable, Value: Sendable>: Sendable {
    public typealias Outcome = Result<Value, any Error>
    /// Runs the items as one group; one outcome per item, in order.
    public typealias Run = @Sendable ([Item]) async -> [Outcome]

    /// How a waiting item is woken.
    @usableFromInline
    enum Wake: Sendable {
        /// Its group ran; this is its outcome.
        case finished(Outcome)
        /// It heads this group (itself first) and runs it.
        case lead([Waiter])
    }

    @usableFromInline
    struct Waiter: Sendable {
        @usableFromInline let item: Item
        @usableFromInline let continuation: UnsafeContinuation<Wake, Never>

        @inlinable
        init(item: Item, continuation: UnsafeContinuation<Wake, Never>) {
            self.item = item
            self.continuation = continuation
        }
    }

    @usableFromInline
    struct State {
        @usableFromInline var running = 0
        @usableFromInline var waiting: [Waiter] = []

        @inlinable
        init() {}
    }

    public let concurrency: Int
    public let maxGroup: Int
    @usableFromInline let exclusiveKey: (@Sendable (Item) -> String)?
    @usableFromInline let state = Locked(State())

    /// - Parameter exclusiveKey: items with the same key never share a group
    ///   (the later one waits for the next); `nil` lets any items share one.
    public init(concurrency: Int, maxGroup: Int, exclusiveKey: (@Sendable (Item) -> String)? = nil) {
        precondition(concurrency > 0 && maxGroup > 0)
        self.concurrency = concurrency
        self.maxGroup = maxGroup
        self.exclusiveKey = exclusiveKey
    }

    /// Items waiting for a group to start.
    public var waiting: Int {
        state.withLock { $0.waiting.count }
    }

    /// Runs the item, alone or in a group; returns its outcome. A group runs
    /// with the `run` of the caller that leads it, so every caller passes the
    /// same one.
    @inlinable
    public func submit(_ item: Item, run: @escaping Run) async throws -> Value {
        if state.withLock(claimFreeSlot) {
            let outcome = await Self.runGroup([item], run)[0]
            handOn()
            return try outcome.get()
        }
        let wake = await withUnsafeContinuation { (continuation: UnsafeContinuation<Wake, Never>) in
            let waiter = Waiter(item: item, continuation: continuation)
            let leads = state.withLock { state in
                if claimFreeSlot(&state) { return true }
                state.waiting.append(waiter)
                return false
            }
            if leads { continuation.resume(returning: .lead([waiter])) }
        }
        switch wake {
        case .finished(let outcome):
            return try outcome.get()
        case .lead(let group):
            let outcomes = await Self.runGroup(group.map(\.item), run)
            for (waiter, outcome) in zip(group, outcomes).dropFirst() {
                waiter.continuation.resume(returning: .finished(outcome))
            }
            handOn()
            return try outcomes[0].get()
        }
    }

    /// Takes a slot if one is free. No item waits while one is: `handOn` passes
    /// a slot to the waiting items rather than freeing it.
    @inlinable
    func claimFreeSlot(_ state: inout State) -> Bool {
        guard state.running < concurrency else { return false }
        state.running += 1
        return true
    }

    /// A group of several runs in a task of its own: the leader's cancellation
    /// (its client gone, say) must not fail the items of the others.
    @inlinable
    static func runGroup(_ items: [Item], _ run: @escaping Run) async -> [Outcome] {
        let outcomes = items.count == 1 ? await run(items) : await Task { await run(items) }.value
        precondition(outcomes.count == items.count, "a group's run returns one outcome per item")
        return outcomes
    }

    /// After a run: the waiting items become the next group, led by the first
    /// of them, or the slot is given back.
    @inlinable
    func handOn() {
        let next = state.withLock { state -> [Waiter] in
            let group = takeGroup(from: &state.waiting)
            if group.isEmpty { state.running -= 1 }
            return group
        }
        next.first?.continuation.resume(returning: .lead(next))
    }

    /// The oldest waiting items, up to `maxGroup`, none sharing an exclusive
    /// key; the rest keep their order.
    @inlinable
    func takeGroup(from waiting: inout [Waiter]) -> [Waiter] {
        guard let exclusiveKey else {
            let count = min(maxGroup, waiting.count)
            defer { waiting.removeFirst(count) }
            return Array(waiting.prefix(count))
        }
        var group: [Waiter] = []
        var left: [Waiter] = []
        var keys = Set<String>()
        for waiter in waiting {
            if group.count < maxGroup, keys.insert(exclusiveKey(waiter.item)).inserted {
                group.append(waiter)
            } else {
                left.append(waiter)
            }
        }
        waiting = left
        return group
    }
}
