import ConnectionSupport
import Testing

/// A line of borrowers on its own, through `Locked.waitInLine`, as the pools use it.
@Suite struct WaitingLineTests {
    private struct Pool {
        var line = WaitingLine<Int>()
    }

    private struct TimedOut: Error {}

    private static func borrow(from pool: Locked<Pool>, timeout: Duration) async -> Result<Int, any Error> {
        do {
            return .success(try await pool.waitInLine(\.line, timeout: timeout, decide: { _ in nil }, timedOut: { TimedOut() }))
        } catch {
            return .failure(error)
        }
    }

    private static func timedOut(_ result: Result<Int, any Error>) -> Bool {
        if case .failure(let error) = result { return error is TimedOut }
        return false
    }

    private static func waitUntil(_ pool: Locked<Pool>, holds count: Int) async {
        while pool.withLock({ $0.line.count }) < count {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func waitersWhoseDeadlinePassesTimeOutAndLeaveTheLine() async {
        let pool = Locked(Pool())
        let started = ContinuousClock.now
        async let first = Self.borrow(from: pool, timeout: .milliseconds(50))
        async let second = Self.borrow(from: pool, timeout: .milliseconds(50))
        let results = await [first, second]
        #expect(results.allSatisfy(Self.timedOut))
        #expect(ContinuousClock.now - started >= .milliseconds(50))
        #expect(pool.withLock { $0.line.isEmpty })
    }

    @Test func aWaiterServedBeforeItsDeadlineGetsTheGrant() async throws {
        let pool = Locked(Pool())
        async let borrowed = Self.borrow(from: pool, timeout: .seconds(10))
        await Self.waitUntil(pool, holds: 1)
        let waiter = try #require(pool.withLock { $0.line.removeFirst() })
        let now = ContinuousClock.now
        #expect(waiter.deadline > now + .seconds(5))
        #expect(waiter.deadline <= now + .seconds(10))
        waiter.resume(with: .success(7))
        let result = await borrowed
        #expect((try? result.get()) == 7)
    }

    @Test func theSweepTakesOnlyExpiredWaitersAndNamesTheNextDeadline() async throws {
        let pool = Locked(Pool())
        async let early = Self.borrow(from: pool, timeout: .milliseconds(20))
        await Self.waitUntil(pool, holds: 1)
        async let late = Self.borrow(from: pool, timeout: .seconds(10))
        await Self.waitUntil(pool, holds: 2)
        #expect(Self.timedOut(await early))
        let remaining = pool.withLock { $0.line.count }
        #expect(remaining == 1)
        let swept = pool.withLock { $0.line.sweep(now: .now) }
        #expect(swept.expired.isEmpty)
        let next = try #require(swept.next)
        #expect(next > ContinuousClock.now + .seconds(5))
        pool.withLock { $0.line.removeFirst() }?.resume(with: .success(1))
        #expect((try? await late.get()) == 1)
    }
}
