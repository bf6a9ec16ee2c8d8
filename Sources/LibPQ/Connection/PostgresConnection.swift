import ConnectionSupport
import Logging
import NIOPosix

/// One libpq connection. Used by one task at a time (the pool guarantees it);
/// every libpq call runs on the thread pool, never on the caller's executor.
public final class PostgresConnection: @unchecked Sendable {
    let configuration: PostgresConfiguration
    let threadPool: NIOThreadPool
    let logger: Logger
    private let handle: LibPQHandle
    private let state: Locked<State>

    private struct State {
        var isClosed = false
        /// Set while an operation runs; two at once would corrupt the libpq protocol.
        var isBusy = false
        var isOpen = true
        var transaction = TransactionState.idle
        /// Set when the pool takes the connection back: the next operation first
        /// checks that the server has not closed it meanwhile.
        var verifyBeforeNextUse = false
        var nextCursor = 0
        var nextSavepoint = 0
    }

    private init(handle: LibPQHandle, configuration: PostgresConfiguration, threadPool: NIOThreadPool, logger: Logger) {
        self.handle = handle
        self.configuration = configuration
        self.threadPool = threadPool
        self.logger = logger
        self.state = Locked(State())
    }

    /// Opens a connection with the session settings the decoders rely on
    /// (UTC time zone, ISO dates, hex bytea) and the configured statement timeout.
    public static func connect(
        configuration: PostgresConfiguration,
        threadPool: NIOThreadPool = .singleton,
        logger: Logger
    ) async throws -> PostgresConnection {
        let handle = try await threadPool.runLibPQ {
            try LibPQHandle.open(configuration: configuration, logger: logger)
        }
        logger.debug("postgres connection opened", metadata: ["postgres": "\(configuration)"])
        return PostgresConnection(handle: handle, configuration: configuration, threadPool: threadPool, logger: logger)
    }

    /// Runs one statement. Interpolated values are bound as parameters. A prepared
    /// statement the session already has awaits its reply without a thread of the
    /// pool; anything else (preparing included) runs on the thread pool.
    @discardableResult
    public func query(_ query: PostgresQuery) async throws -> PostgresResult {
        logger.trace("postgres query", metadata: ["sql": "\(query)"])
        if query.isPrepared, let result = try await executeAwaitingReply(query) {
            return result
        }
        return try await perform { try $0.execute(query) }
    }

    /// Runs several statements without parameters (migration files). Stops at the
    /// first error; outside a transaction the statements form one implicit transaction.
    public func execute(script sql: String) async throws {
        try await perform { try $0.executeScript(sql) }
    }

    /// False once the connection was closed or libpq reported it broken.
    public var isHealthy: Bool {
        state.withLock { !$0.isClosed && $0.isOpen }
    }

    public func close() async {
        let alreadyClosed = state.withLock { state in
            precondition(!state.isBusy, "a PostgresConnection was closed while another task was using it")
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !alreadyClosed else { return }
        let handle = self.handle
        await ignoringCancellation {
            do {
                try await self.threadPool.runIfActive { handle.finish() }
            } catch {
                // The thread pool has shut down; closing a socket does not block for long.
                handle.finish()
            }
        }
        logger.debug("postgres connection closed")
    }

    // MARK: Internals used by transactions, streams and the pool

    var transactionState: TransactionState {
        state.withLock { $0.transaction }
    }

    /// Called by the pool when it takes the connection back.
    func markIdle() {
        state.withLock { $0.verifyBeforeNextUse = true }
    }

    func makeCursorName() -> String {
        state.withLock { state in
            state.nextCursor += 1
            return "jiri_cursor_\(state.nextCursor)"
        }
    }

    func makeSavepointName() -> String {
        state.withLock { state in
            state.nextSavepoint += 1
            return "jiri_savepoint_\(state.nextSavepoint)"
        }
    }

    /// Runs a cleanup statement even when the calling task is cancelled, and
    /// reports rather than throws its failure.
    func runCleanup(_ sql: String) async -> Bool {
        await ignoringCancellation {
            do {
                try await self.execute(script: sql)
                return true
            } catch {
                self.logger.debug("postgres cleanup failed", metadata: ["sql": "\(sql)", "error": "\(error)"])
                return false
            }
        }
    }

    /// The thread-free path of `query`: nil when the statement must be prepared
    /// first, or the idle connection must be checked and reopened (blocking work).
    private func executeAwaitingReply(_ query: PostgresQuery) async throws -> PostgresResult? {
        let verify = try markBusy()
        defer { refreshAfterUse() }
        if verify {
            guard handle.isAlive else { return nil }
            state.withLock { $0.verifyBeforeNextUse = false }
        }
        return try await handle.executePreparedAwaitingReply(query)
    }

    /// Claims the connection for one operation; returns whether it must first be
    /// checked (it came back to the pool since its last use).
    private func markBusy() throws -> Bool {
        try state.withLock { state in
            guard !state.isClosed else { throw PostgresError.connectionClosed }
            precondition(!state.isBusy, "a PostgresConnection was used by two tasks at once")
            state.isBusy = true
            return state.verifyBeforeNextUse
        }
    }

    /// Records what libpq says of the connection after an operation and frees it
    /// for the next one.
    private func refreshAfterUse() {
        let isOpen = handle.isOpen
        let transaction = handle.transactionState
        state.withLock { state in
            state.isOpen = isOpen
            state.transaction = transaction
            state.isBusy = false
        }
    }

    /// One libpq job on the thread pool, with the connection's state refreshed after it.
    private func perform<Result: Sendable>(
        _ work: @escaping @Sendable (LibPQHandle) throws -> Result
    ) async throws -> Result {
        let verify = try markBusy()
        defer { refreshAfterUse() }
        let handle = self.handle
        let logger = self.logger
        return try await threadPool.runLibPQ { [state] in
            if verify {
                if try handle.reconnectIfClosedByServer() {
                    logger.info("postgres connection was closed by the server; reconnected")
                }
                state.withLock { $0.verifyBeforeNextUse = false }
            }
            return try work(handle)
        }
    }
}

/// Runs `operation` in a task that does not inherit the caller's cancellation, so
/// cleanup (ROLLBACK, closing a cursor or a socket) still happens in a cancelled task.
func ignoringCancellation<Result: Sendable>(_ operation: @escaping @Sendable () async -> Result) async -> Result {
    await Task { await operation() }.value
}
