import ConnectionSupport
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A bounded pool of ``RedisConnection``s, run as a swift-service-lifecycle `Service`.
///
/// Connections open lazily (the pool works before ``run()`` is called) and are lent to one
/// closure at a time. A connection that broke while lent, or that the server closed while it sat
/// idle, is discarded and replaced on the next acquire, so the pool heals by itself after a Redis
/// restart. When `maxConnections` are lent, callers wait at most `acquireTimeout`, then get
/// ``RedisError/Kind/acquireTimeout``.
///
/// Connecting holds a thread of `threadPool`; once connected, commands write without blocking
/// and await their replies on the `SocketPoller`. The singleton pool has one thread per core and
/// is shared with every other blocking caller (libpq too), so a server that wants Redis never to
/// queue behind slow blocking work passes a thread pool of its own.
public final class RedisPool: Service, Sendable {
    public let configuration: RedisConfiguration
    public let maxConnections: Int
    public let acquireTimeout: Duration
    private let threadPool: NIOThreadPool
    private let logger: Logger
    private let state: Locked<PoolState>
    /// Pipelines that wait for a slot go to Redis together (see ``pipeline(_:)``).
    private let pipelines: GroupingQueue<[[RedisArgument]], [RESPValue]>

    public init(
        configuration: RedisConfiguration,
        maxConnections: Int = 10,
        acquireTimeout: Duration = .seconds(2),
        pipelineConcurrency: Int? = nil,
        threadPool: NIOThreadPool = .singleton,
        logger: Logger
    ) {
        precondition(maxConnections > 0, "a Redis pool needs at least one connection")
        self.configuration = configuration
        self.maxConnections = maxConnections
        self.acquireTimeout = acquireTimeout
        self.threadPool = threadPool
        self.logger = logger
        self.state = Locked(PoolState(maxConnections: maxConnections))
        self.pipelines = GroupingQueue(concurrency: pipelineConcurrency ?? maxConnections, maxGroup: 32)
    }

    /// Lends a connection to `body` and takes it back afterwards, whether `body` returns or throws.
    /// Do not keep the connection beyond `body`.
    public func withConnection<R: Sendable>(_ body: (RedisConnection) async throws -> R) async throws -> R {
        let connection = try await self.acquire()
        let result: Result<R, any Error>
        do {
            result = .success(try await body(connection))
        } catch {
            result = .failure(error)
        }
        await self.release(connection)
        return try result.get()
    }

    /// ``RedisConnection/send(_:)`` on a pooled connection.
    @discardableResult
    public func send(_ command: [RedisArgument]) async throws -> RESPValue {
        try await self.withConnection { try await $0.send(command) }
    }

    /// ``RedisConnection/pipeline(_:)`` on a pooled connection: one round trip.
    ///
    /// At most `pipelineConcurrency` pipelines are in flight at once; the ones that
    /// arrive meanwhile wait and go to Redis together as one pipeline, one write and
    /// one read for all of them, each caller getting its own replies (Redis answers
    /// in order, and an error reply belongs to its command alone). A pipeline that
    /// arrives while a slot is free goes at once.
    public func pipeline(_ commands: [[RedisArgument]]) async throws -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        for command in commands {
            try RedisConnection.checkNotEmpty(command)
        }
        return try await self.pipelines.submit(commands) { [self] group in
            await self.runTogether(group)
        }
    }

    /// The pipelines as one, on one connection; the replies dealt back in order.
    private func runTogether(_ group: [[[RedisArgument]]]) async -> [Result<[RESPValue], any Error>] {
        do {
            let commands = group.count == 1 ? group[0] : group.flatMap { $0 }
            let replies = try await self.withConnection { try await $0.pipeline(commands) }
            var start = 0
            return group.map { commands in
                defer { start += commands.count }
                return .success(Array(replies[start..<start + commands.count]))
            }
        } catch {
            return Array(repeating: .failure(error), count: group.count)
        }
    }

    /// ``RedisConnection/eval(_:keys:args:)`` on a pooled connection.
    public func eval(_ script: RedisScript, keys: [RedisArgument], args: [RedisArgument]) async throws -> RESPValue {
        try await self.withConnection { try await $0.eval(script, keys: keys, args: args) }
    }

    /// Runs until graceful shutdown (or cancellation), then closes every connection.
    public func run() async throws {
        try? await gracefulShutdown()
        await self.close()
    }

    /// Refuses new borrowers (``RedisError/Kind/poolClosed``), fails the waiting ones, closes the idle
    /// connections and returns once every lent connection has come back and been closed.
    public func close() async {
        let (idle, waiters) = self.state.withLock { $0.close() }
        for waiter in waiters {
            waiter.resume(with: .failure(self.poolClosedError()))
        }
        for connection in idle {
            await connection.close()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waits = self.state.withLock { $0.waitUntilAllReturned(continuation) }
            if !waits {
                continuation.resume()
            }
        }
    }

    /// Pipelines waiting for a slot to go to Redis (together, once one frees).
    public var pipelinesWaiting: Int {
        self.pipelines.waiting
    }

    public var statistics: RedisPoolStatistics {
        self.state.withLock { $0.statistics }
    }

    private func acquire() async throws -> RedisConnection {
        var stale: [RedisConnection] = []
        let decision = self.state.withLock { $0.acquire(stale: &stale) }
        self.discard(stale)
        let grant: PoolState.Grant
        switch decision {
        case .granted(let granted):
            grant = granted
        case .closed:
            throw self.poolClosedError()
        case .mustWait:
            grant = try await self.waitForGrant()
        }
        switch grant {
        case .connection(let connection):
            return connection
        case .permitToConnect:
            return try await self.openConnection()
        }
    }

    /// Waits for a released connection (or slot), or the acquire timeout.
    private func waitForGrant() async throws -> PoolState.Grant {
        let timeout = RedisError(
            kind: .acquireTimeout,
            message: "no Redis connection became free within \(self.acquireTimeout) (all \(self.maxConnections) in use)"
        )
        return try await self.state.waitInLine(\.line, timeout: self.acquireTimeout, decide: { state in
            var stale: [RedisConnection] = []
            // Closing starts a task of its own: nothing waits on the network under the lock.
            defer { self.discard(stale) }
            switch state.acquire(stale: &stale) {
            case .granted(let grant): return .success(grant)
            case .closed: return .failure(self.poolClosedError())
            case .mustWait: return nil
            }
        }, timedOut: { timeout })
    }

    private func openConnection() async throws -> RedisConnection {
        do {
            return try await RedisConnection.connect(configuration: self.configuration, threadPool: self.threadPool, logger: self.logger)
        } catch {
            let handover = self.state.withLock { $0.connectFailed() }
            await self.perform(handover)
            throw error
        }
    }

    private func release(_ connection: RedisConnection) async {
        let healthy = connection.isReusable
        let handover = self.state.withLock { $0.release(connection, healthy: healthy) }
        if !healthy {
            self.logger.debug("Discarding a broken Redis connection", metadata: ["redis.server": "\(self.configuration)"])
        }
        await self.perform(handover)
    }

    private func perform(_ handover: PoolState.Handover) async {
        handover.waiter?.resume(with: .success(handover.grant))
        if let connection = handover.connectionToClose {
            await connection.close()
        }
        for continuation in handover.closeCompleted {
            continuation.resume()
        }
    }

    /// Closes idle connections found broken, off the borrower's path.
    private func discard(_ connections: [RedisConnection]) {
        guard !connections.isEmpty else { return }
        self.logger.debug(
            "Discarding idle Redis connections the server closed",
            metadata: ["redis.server": "\(self.configuration)", "count": "\(connections.count)"]
        )
        Task {
            for connection in connections {
                await connection.close()
            }
        }
    }

    private func poolClosedError() -> RedisError {
        RedisError(kind: .poolClosed, message: "the Redis pool is closed")
    }
}
