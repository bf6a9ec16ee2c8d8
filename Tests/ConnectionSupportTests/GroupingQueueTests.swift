import ConnectionSupport
import Foundation
import JiriTestSupport
import Testing

/// The queue on its own: a first group is held open by a gate, items submitted
/// meanwhile wait, and what the groups were is recorded.
@Suite struct GroupingQueueTests {
    /// A run that waits at the gate on its first call and records each group.
    private final class Recorder: Sendable {
        private let groups = Locked<[[Int]]>([])
        private let gate = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        var recorded: [[Int]] { groups.withLock { $0 } }

        func run(_ items: [Int]) async -> [Result<Int, any Error>] {
            let isFirst = groups.withLock { groups in
                groups.append(items)
                return groups.count == 1
            }
            if isFirst {
                await withCheckedContinuation { continuation in
                    let open = gate.withLock { gate in
                        if !gate.open { gate.waiting.append(continuation) }
                        return gate.open
                    }
                    if open { continuation.resume() }
                }
            }
            // As a pool's acquire would: a cancelled task gets no connection.
            if Task.isCancelled { return items.map { _ in .failure(CancellationError()) } }
            return items.map { $0 < 0 ? .failure(Refused(item: $0)) : .success($0 * 10) }
        }

        func open() {
            let waiting = gate.withLock { gate in
                gate.open = true
                defer { gate.waiting = [] }
                return gate.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    private struct Refused: Error, Equatable {
        let item: Int
    }

    /// Holds the single slot with item 0, submits `items` in order (each after the
    /// previous one waits), opens the gate, returns each item's outcome.
    private func submitWhileHeld(
        _ items: [Int], queue: GroupingQueue<Int, Int>, recorder: Recorder
    ) async throws -> [Result<Int, any Error>] {
        let held = Task { try await queue.submit(0) { await recorder.run($0) } }
        try await waitUntil { !recorder.recorded.isEmpty }
        var tasks: [Task<Int, any Error>] = []
        for (index, item) in items.enumerated() {
            tasks.append(Task { try await queue.submit(item) { await recorder.run($0) } })
            try await waitUntil { queue.waiting == index + 1 }
        }
        recorder.open()
        #expect(try await held.value == 0)
        var outcomes: [Result<Int, any Error>] = []
        for task in tasks { outcomes.append(await task.result) }
        return outcomes
    }

    @Test func anItemArrivingWhileASlotIsFreeRunsAloneAtOnce() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 2, maxGroup: 8)
        let recorder = Recorder()
        recorder.open()
        #expect(try await queue.submit(3) { await recorder.run($0) } == 30)
        #expect(try await queue.submit(4) { await recorder.run($0) } == 40)
        #expect(recorder.recorded == [[3], [4]])
    }

    @Test func itemsThatWaitedRunTogetherInArrivalOrder() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 1, maxGroup: 8)
        let recorder = Recorder()
        let outcomes = try await submitWhileHeld([1, 2, 3, 4], queue: queue, recorder: recorder)
        #expect(try outcomes.map { try $0.get() } == [10, 20, 30, 40])
        #expect(recorder.recorded == [[0], [1, 2, 3, 4]])
    }

    @Test func aGroupHoldsAtMostMaxGroupItems() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 1, maxGroup: 3)
        let recorder = Recorder()
        let outcomes = try await submitWhileHeld([1, 2, 3, 4, 5, 6, 7], queue: queue, recorder: recorder)
        #expect(try outcomes.map { try $0.get() } == [10, 20, 30, 40, 50, 60, 70])
        #expect(recorder.recorded == [[0], [1, 2, 3], [4, 5, 6], [7]])
    }

    @Test func itemsSharingAnExclusiveKeyGoInSeparateGroups() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 1, maxGroup: 8, exclusiveKey: { String($0 % 2) })
        let recorder = Recorder()
        let outcomes = try await submitWhileHeld([1, 2, 3, 4], queue: queue, recorder: recorder)
        #expect(try outcomes.map { try $0.get() } == [10, 20, 30, 40])
        #expect(recorder.recorded == [[0], [1, 2], [3, 4]])
    }

    @Test func aCancelledLeaderDoesNotFailTheOthersInItsGroup() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 1, maxGroup: 8)
        let recorder = Recorder()
        let held = Task { try await queue.submit(0) { await recorder.run($0) } }
        try await waitUntil { !recorder.recorded.isEmpty }
        let leader = Task { try await queue.submit(1) { await recorder.run($0) } }
        try await waitUntil { queue.waiting == 1 }
        let follower = Task { try await queue.submit(2) { await recorder.run($0) } }
        try await waitUntil { queue.waiting == 2 }
        leader.cancel()
        recorder.open()
        #expect(try await held.value == 0)
        #expect(try await follower.value == 20)
        #expect(try await leader.value == 10)
        #expect(recorder.recorded == [[0], [1, 2]])
    }

    @Test func aFailedItemFailsAloneInItsGroup() async throws {
        let queue = GroupingQueue<Int, Int>(concurrency: 1, maxGroup: 8)
        let recorder = Recorder()
        let outcomes = try await submitWhileHeld([1, -2, 3], queue: queue, recorder: recorder)
        #expect(try outcomes[0].get() == 10)
        #expect(throws: Refused(item: -2)) { try outcomes[1].get() }
        #expect(try outcomes[2].get() == 30)
        #expect(recorder.recorded == [[0], [1, -2, 3]])
    }
}
