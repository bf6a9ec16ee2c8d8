import ConnectionSupport
import Logging
import NIOCore
import NIOPosix

/// One connection to Redis over hiredis.
///
/// Connecting blocks, so it runs on the `NIOThreadPool`; commands then write without blocking and
/// await their replies through the ``SocketPoller``, so no event loop or cooperative thread ever
/// blocks on the network. Use a connection from one task at a time (a pool lends each connection
/// to one closure).
///
/// After an I/O, EOF, timeout or protocol error the connection is closed for good and
/// ``isHealthy`` turns false: hiredis cannot resynchronise a stream after such an error.
public final class RedisConnection: Sendable {
    public let configuration: RedisConfiguration
    private let context: HiredisContext
    private let logger: Logger

    private init(configuration: RedisConfiguration, context: HiredisContext, logger: Logger) {
        self.configuration = configuration
        self.context = context
        self.logger = logger
    }

    /// Connects, then authenticates (`AUTH`) and selects the database (`SELECT`) when the
    /// configuration asks for it, both in one round trip.
    public static func connect(
        configuration: RedisConfiguration,
        threadPool: NIOThreadPool = .singleton,
        logger: Logger
    ) async throws -> RedisConnection {
        try configuration.validate()
        let context = try await Self.onThreadPool(threadPool) {
            try HiredisContext.connect(
                to: configuration.socketPath.map { .socket(path: $0) } ?? .tcp(host: configuration.host, port: configuration.port),
                connectTimeout: configuration.connectTimeout,
                commandTimeout: configuration.commandTimeout
            )
        }
        do {
            try await Self.handshake(context, configuration: configuration)
        } catch {
            context.close()
            throw error
        }
        logger.debug("Connected to Redis", metadata: ["redis.server": "\(configuration)"])
        return RedisConnection(configuration: configuration, context: context, logger: logger)
    }

    /// Sends one command and returns its reply.
    /// - Throws: ``RedisError`` of kind ``RedisError/Kind/server`` (with its ``RedisError/code``) when
    ///   Redis answers with an error reply; a connection-failure kind when the connection broke.
    @discardableResult
    public func send(_ command: [RedisArgument]) async throws -> RESPValue {
        try Self.checkNotEmpty(command)
        let context = self.context
        let reply = try await self.loggingFailure { try await context.command(command) }
        if case .error(let message) = reply {
            throw RedisError(serverReply: message)
        }
        return reply
    }

    /// Sends every command in one write and reads all replies: one network round trip.
    /// A command that fails on the server comes back as `.error` in its place; the others still run.
    /// - Throws: only when the connection fails, in which case no reply is returned.
    public func pipeline(_ commands: [[RedisArgument]]) async throws -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        for command in commands {
            try Self.checkNotEmpty(command)
        }
        let context = self.context
        return try await self.loggingFailure { try await context.pipeline(commands) }
    }

    /// Runs a Lua script by digest (`EVALSHA`), sending its source (`EVAL`) only when the server
    /// answers `NOSCRIPT` (first use, after a restart or `SCRIPT FLUSH`). `EVAL` caches it again.
    public func eval(_ script: RedisScript, keys: [RedisArgument], args: [RedisArgument]) async throws -> RESPValue {
        let tail = [RedisArgument(keys.count)] + keys + args
        do {
            return try await self.send(["EVALSHA", RedisArgument(script.sha1)] + tail)
        } catch let error as RedisError where error.kind == .server && error.code == "NOSCRIPT" {
            return try await self.send(["EVAL", RedisArgument(script.source)] + tail)
        }
    }

    /// Whether the connection can take another command. Never blocks.
    public var isHealthy: Bool {
        self.context.isUsable
    }

    /// Whether a connection that has just answered can go back to the pool: no
    /// error on it and not closed. Cheaper than `isHealthy` (no system call); the
    /// pool checks the socket itself when it lends an idle connection again.
    public var isReusable: Bool {
        self.context.isOpen
    }

    public func close() async {
        // Freeing the context closes a socket: it does not wait on the network.
        self.context.close()
    }

    private func loggingFailure<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as RedisError where error.isConnectionFailure {
            self.logger.debug(
                "Redis connection failed; it will not be reused",
                metadata: ["redis.server": "\(self.configuration)", "error": "\(error)"]
            )
            throw error
        }
    }

    private static func onThreadPool<Result: Sendable>(
        _ threadPool: NIOThreadPool,
        _ body: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        do {
            return try await threadPool.runIfActive(body)
        } catch is NIOThreadPoolError.ThreadPoolInactive {
            throw RedisError(kind: .io, message: "the thread pool that runs Redis I/O is not active")
        }
    }

    private static func handshake(_ context: HiredisContext, configuration: RedisConfiguration) async throws {
        var commands: [[RedisArgument]] = []
        if let password = configuration.password {
            if let username = configuration.username {
                commands.append(["AUTH", RedisArgument(username), RedisArgument(password)])
            } else {
                commands.append(["AUTH", RedisArgument(password)])
            }
        }
        if configuration.database != 0 {
            commands.append(["SELECT", RedisArgument(configuration.database)])
        }
        guard !commands.isEmpty else { return }
        for reply in try await context.pipeline(commands) {
            if case .error(let message) = reply {
                throw RedisError(serverReply: message)
            }
        }
    }

    static func checkNotEmpty(_ command: [RedisArgument]) throws {
        // Redis silently ignores an empty multibulk, so sending one would wait for a reply that never comes.
        guard !command.isEmpty else {
            throw RedisError(kind: .protocolError, message: "a Redis command needs at least one argument")
        }
    }
}
