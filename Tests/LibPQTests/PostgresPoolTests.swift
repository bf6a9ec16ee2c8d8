import Foundation
import LibPQ
import Testing

@Suite struct PostgresPoolTests {
    /// Holds the pool's only connection until `release` is called.
    private struct Holder {
        let task: Task<Void, any Error>
        let release: @Sendable () -> Void

        /// Throws what the pool threw when it could not lend the connection (Postgres down),
        /// instead of waiting for ever.
        static func start(_ pool: PostgresPool) async throws -> Holder {
            let (acquired, acquiredSignal) = AsyncStream<Void>.makeStream()
            let (released, releaseSignal) = AsyncStream<Void>.makeStream()
            let task = Task {
                defer { acquiredSignal.finish() }
                try await pool.withConnection { _ in
                    acquiredSignal.yield()
                    for await _ in released {}
                }
            }
            var iterator = acquired.makeAsyncIterator()
            if await iterator.next() == nil { try await task.value }
            return Holder(task: task, release: { releaseSignal.finish() })
        }
    }

    @Test func anExhaustedPoolTimesOutInsteadOfHanging() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .milliseconds(200)) { pool in
            let holder = try await Holder.start(pool)
            let started = ContinuousClock.now
            let error = await #expect(throws: PostgresError.self) { try await pool.query("SELECT 1") }
            let waited = ContinuousClock.now - started
            #expect(error?.kind == .acquireTimeout)
            #expect(waited >= .milliseconds(150))
            #expect(waited < .seconds(3))
            holder.release()
            try await holder.task.value
            let rowCount = try await pool.query("SELECT 1 AS one").count
            #expect(rowCount == 1)
        }
    }

    /// One timer watches the whole line: a waiter that came later is not failed
    /// with the first, and still fails once its own time is up.
    @Test func eachWaiterTimesOutAtItsOwnDeadline() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .milliseconds(500)) { pool in
            let holder = try await Holder.start(pool)
            let started = ContinuousClock.now
            let first = Task { try await pool.query("SELECT 1") }
            try await Task.sleep(for: .milliseconds(300))
            let second = Task { try await pool.query("SELECT 2") }
            let firstOutcome = await first.result
            let firstWaited = ContinuousClock.now - started
            #expect(pool.statistics.waiting == 1)
            let secondOutcome = await second.result
            let secondWaited = ContinuousClock.now - started
            #expect(throws: PostgresError.self) { try firstOutcome.get() }
            #expect(throws: PostgresError.self) { try secondOutcome.get() }
            #expect(firstWaited >= .milliseconds(500) && firstWaited < .milliseconds(800))
            #expect(secondWaited >= .milliseconds(800) && secondWaited < .seconds(3))
            holder.release()
            try await holder.task.value
        }
    }

    @Test func aWaiterArrivingAfterTheLineEmptiedStillTimesOut() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .milliseconds(200)) { pool in
            let holder = try await Holder.start(pool)
            for _ in 0..<2 {
                let started = ContinuousClock.now
                let error = await #expect(throws: PostgresError.self) { try await pool.query("SELECT 1") }
                #expect(error?.kind == .acquireTimeout)
                #expect(ContinuousClock.now - started < .seconds(3))
                #expect(pool.statistics.waiting == 0)
            }
            holder.release()
            try await holder.task.value
        }
    }

    @Test func aWaiterGetsTheConnectionWhenItIsReturned() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .seconds(10)) { pool in
            let holder = try await Holder.start(pool)
            let waiter = Task { try await pool.query("SELECT 42 AS answer").first?.decode("answer", as: Int.self) }
            while pool.statistics.waiting == 0 {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(pool.statistics == PostgresPoolStatistics(open: 1, idle: 0, inUse: 1, waiting: 1, maxConnections: 1))
            holder.release()
            let answer = try await waiter.value
            #expect(answer == 42)
            try await holder.task.value
            #expect(pool.statistics == PostgresPoolStatistics(open: 1, idle: 1, inUse: 0, waiting: 0, maxConnections: 1))
        }
    }

    @Test func waitersAreServedInArrivalOrder() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .seconds(10)) { pool in
            let holder = try await Holder.start(pool)
            let order = OrderRecorder()
            var waiters: [Task<Void, any Error>] = []
            for index in 0..<5 {
                waiters.append(Task {
                    try await pool.withConnection { _ in order.append(index) }
                })
                while pool.statistics.waiting < index + 1 {
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
            holder.release()
            for waiter in waiters {
                try await waiter.value
            }
            #expect(order.values == [0, 1, 2, 3, 4])
        }
    }

    @Test func aCancelledWaiterLeavesTheLine() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1, acquireTimeout: .seconds(30)) { pool in
            let holder = try await Holder.start(pool)
            let waiter = Task { try await pool.query("SELECT 1") }
            while pool.statistics.waiting == 0 {
                try await Task.sleep(for: .milliseconds(5))
            }
            waiter.cancel()
            await #expect(throws: CancellationError.self) { try await waiter.value }
            #expect(pool.statistics.waiting == 0)
            holder.release()
            try await holder.task.value
        }
    }

    @Test func aClosedPoolRefusesAndFailsItsWaiters() async throws {
        let pool = try LibPQTestSupport.makePool(maxConnections: 1, acquireTimeout: .seconds(30))
        let holder = try await Holder.start(pool)
        let waiter = Task { try await pool.query("SELECT 1") }
        while pool.statistics.waiting == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        await pool.close()
        let waiterError = await #expect(throws: PostgresError.self) { try await waiter.value }
        #expect(waiterError?.kind == .poolClosed)
        let laterError = await #expect(throws: PostgresError.self) { try await pool.query("SELECT 1") }
        #expect(laterError?.kind == .poolClosed)
        holder.release()
        try await holder.task.value
        #expect(pool.statistics.open == 0)
    }

    @Test func aConnectionReturnedInsideATransactionIsRolledBack() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            try await LibPQTestSupport.withTable(pool, columns: "v text") { table in
                try await pool.withConnection { connection in
                    try await connection.query("BEGIN")
                    try await connection.query("INSERT INTO \(unescaped: table) VALUES (\("left open"))")
                }
                let count = try await pool.query("SELECT count(*) AS n FROM \(unescaped: table)")
                #expect(try count.first?.decode("n", as: Int.self) == 0)
            }
        }
    }

    @Test func aConnectionBrokenDuringUseIsReplaced() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let error = await #expect(throws: PostgresError.self) {
                try await pool.query("SELECT pg_terminate_backend(pg_backend_pid())")
            }
            #expect(error?.isConnectionFailure == true)
            #expect(pool.statistics.open == 0)
            let rowCount = try await pool.query("SELECT 1 AS one").count
            #expect(rowCount == 1)
        }
    }

    @Test func anIdleConnectionClosedByTheServerIsReopenedBeforeUse() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 1) { pool in
            let firstPID = try #require(try await pool.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
            let admin = try await PostgresConnection.connect(
                configuration: LibPQTestSupport.configuration,
                logger: LibPQTestSupport.logger
            )
            try await admin.query("SELECT pg_terminate_backend(\(firstPID)::int, 5000)")
            await admin.close()

            let secondPID = try #require(try await pool.query("SELECT pg_backend_pid() AS pid").first).decode("pid", as: Int.self)
            #expect(secondPID != firstPID)
        }
    }

    @Test func concurrentQueriesNeverExceedTheLimit() async throws {
        try await LibPQTestSupport.withPool(maxConnections: 3, acquireTimeout: .seconds(30)) { pool in
            let peak = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<30 {
                    group.addTask {
                        try await pool.query("SELECT pg_sleep(0.01)")
                        return pool.statistics.open
                    }
                }
                return try await group.reduce(0, max)
            }
            #expect(peak <= 3)
            #expect(pool.statistics.open <= 3)
            #expect(pool.statistics.inUse == 0)
        }
    }
}

private final class OrderRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []

    func append(_ value: Int) {
        lock.withLock { recorded.append(value) }
    }

    var values: [Int] { lock.withLock { recorded } }
}
