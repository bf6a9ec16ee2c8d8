import ConnectionSupport
import Logging
import NIOPosix
import ServiceLifecycle

/// A bounded pool of connections, lent inside closures. Callers beyond
/// `maxConnections` wait in line, for at most `acquireTimeout`. Broken connections
/// are replaced, and a connection that sat idle is checked before its first use, so
/// after a Postgres restart the next query succeeds.
///
/// As a `Service` it runs until graceful shutdown, then closes its connections;
/// without a `ServiceGroup`, call `close()`.
///
/// libpq blocks, so each running statement occupies one thread of `threadPool`:
/// give the pool a thread pool with at least `maxConnections` threads, or
/// statements queue for a thread (`NIOThreadPool.singleton` has one per core).
public final class PostgresPool: Service, Sendable {
    public let configuration: PostgresConfiguration
    public let maxConnections: Int
    public let acquireTimeout: Duration
    private let threadPool: NIOThreadPool
    private let logger: Logger
    private let state: Locked<PoolState>

    public init(
        configuration: PostgresConfiguration,
        maxConnections: Int = 10,
        acquireTimeout: Duration = .seconds(5),
        threadPool: NIOThreadPool = .singleton,
        logger: Logger
    ) {
        precondition(maxConnections > 0, "a pool needs at least one connection")
        self.configuration = configuration
        self.maxConnections = maxConnections
        self.acquireTimeout = acquireTimeout
        self.threadPool = threadPool
        self.logger = logger
        self.state = Locked(PoolState(maxConnections: maxConnections))
    }

    /// Lends a connection to `body` and takes it back afterwards, whatever happens.
    /// Do not keep the connection beyond `body`, and leave no session state behind
    /// (use `SET LOCAL`, not `SET`).
    public func withConnection<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let connection = try await lease()
        let value: Result
        do {
            value = try await body(connection)
        } catch {
            await checkIn(connection)
            throw error
        }
        await checkIn(connection)
        return value
    }

    /// Runs `body` in a transaction on a lent connection: COMMIT when it returns,
    /// ROLLBACK when it throws.
    public func withTransaction<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withConnection { connection in
            try await connection.withTransaction(body)
        }
    }

    /// Runs one statement on a lent connection.
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresResult {
        try await withConnection { try await $0.query(query) }
    }

    public var statistics: PostgresPoolStatistics {
        state.withLock { $0.statistics }
    }

    /// Runs until graceful shutdown (or cancellation), then closes every connection.
    public func run() async throws {
        try? await gracefulShutdown()
        await close()
    }

    /// Closes idle connections now and the lent ones as they come back; waiting and
    /// later callers get `.poolClosed`.
    public func close() async {
        let (idle, waiters) = state.withLock { $0.close() }
        for waiter in waiters {
            waiter.resume(with: .failure(PostgresError.poolClosed))
        }
        await withTaskGroup(of: Void.self) { group in
            for connection in idle {
                group.addTask { await connection.close() }
            }
        }
    }

    // MARK: Lending

    private func lease() async throws -> PostgresConnection {
        switch try await reserve() {
        case .idle(let connection):
            return connection
        case .open:
            do {
                return try await PostgresConnection.connect(
                    configuration: configuration,
                    threadPool: threadPool,
                    logger: logger
                )
            } catch {
                if let (waiter, lease) = state.withLock({ $0.openFailed() }) {
                    waiter.resume(with: .success(lease))
                }
                throw error
            }
        }
    }

    /// A lease now, or a place in line until one is free, the acquire timeout
    /// passes, the task is cancelled or the pool closes.
    private func reserve() async throws -> PoolState.Lease {
        try await state.waitInLine(\.line, timeout: acquireTimeout, decide: { state in
            if state.isClosed { return .failure(PostgresError.poolClosed) }
            return state.lease().map { .success($0) }
        }, timedOut: { [self] in acquireTimeoutError() })
    }

    /// What a caller gets when no connection became free in time; logged, as a
    /// sign the pool is too small for the load.
    private func acquireTimeoutError() -> PostgresError {
        let statistics = state.withLock { $0.statistics }
        logger.warning("postgres pool: no connection became free in time", metadata: [
            "in_use": "\(statistics.inUse)", "waiting": "\(statistics.waiting)",
        ])
        return PostgresError(
            kind: .acquireTimeout,
            message: "no connection became free within \(acquireTimeout) "
                + "(\(statistics.inUse) of \(maxConnections) in use, \(statistics.waiting) waiting)"
        )
    }

    /// Takes a connection back: rolls back a transaction the caller left open,
    /// closes a broken connection, and hands the connection or its slot to the
    /// first waiter.
    private func checkIn(_ connection: PostgresConnection) async {
        var reusable = connection.isHealthy
        if reusable {
            switch connection.transactionState {
            case .idle:
                break
            case .inTransaction, .failed:
                logger.warning("postgres pool: a connection came back inside a transaction; rolling back")
                reusable = await connection.runCleanup("ROLLBACK") && connection.transactionState == .idle
            case .unknown:
                reusable = false
            }
        }
        if reusable {
            connection.markIdle()
        } else {
            logger.debug("postgres pool: discarding a broken connection")
            await connection.close()
        }
        let (toClose, handOff) = state.withLock { $0.checkIn(connection, reusable: reusable) }
        if let (waiter, lease) = handOff {
            waiter.resume(with: .success(lease))
        }
        if let toClose {
            await toClose.close()
        }
    }
}
