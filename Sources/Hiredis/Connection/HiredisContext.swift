import CHiredis
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one blocking hiredis `redisContext`.
///
/// Every method blocks on the network, so callers run them on a `NIOThreadPool`, never on an
/// event loop. A hiredis context is unusable after an I/O, timeout or protocol error (a late reply
/// could be read as the answer to the next command), so the first such error closes the socket at
/// once and is remembered; every later call fails with it.
///
/// `@unchecked Sendable`: the C context is only touched under `lock`, which also makes misuse
/// (two tasks sending on one connection) serialise instead of corrupting hiredis' buffers.
final class HiredisContext: @unchecked Sendable {
    private let lock = NSLock()
    private var context: UnsafeMutablePointer<redisContext>?
    private var failure: RedisError?
    private let commandTimeout: Duration

    private init(context: UnsafeMutablePointer<redisContext>, commandTimeout: Duration) {
        self.context = context
        self.commandTimeout = commandTimeout
    }

    deinit {
        // Normally already freed by `close()` on the thread pool; this only stops a leak.
        if let context { redisFree(context) }
    }

    /// Opens a TCP connection and applies the command timeout as the socket's send and receive timeout.
    static func connect(host: String, port: Int, connectTimeout: Duration, commandTimeout: Duration) throws -> HiredisContext {
        _ = brokenPipeSignalIgnored
        guard let context = redisConnectWithTimeout(host, Int32(port), timeval(connectTimeout)) else {
            throw RedisError(kind: .io, message: "hiredis could not allocate a connection context")
        }
        let action = "connecting to \(host):\(port)"
        guard context.pointee.err == 0 else {
            let error = Self.error(of: context, action: action, timeout: connectTimeout)
            redisFree(context)
            throw error
        }
        guard redisSetTimeout(context, timeval(commandTimeout)) == REDIS_OK else {
            let error = Self.error(of: context, action: action, timeout: connectTimeout)
            redisFree(context)
            throw error
        }
        // Best effort: keepalive only shortens how long a vanished peer goes unnoticed.
        _ = redisEnableKeepAlive(context)
        return HiredisContext(context: context, commandTimeout: commandTimeout)
    }

    /// Sends one command and reads its reply (error replies included, as `.error`).
    func command(_ arguments: [RedisArgument]) throws -> RESPValue {
        try self.lock.withLock {
            let context = try self.usableContext()
            let reply = CommandArgv.with(arguments) { argc, argv, lengths in
                redisCommandArgv(context, argc, argv, lengths)
            }
            guard let reply else { throw self.fail(context) }
            defer { freeReplyObject(reply) }
            return RESPValue(copying: reply.assumingMemoryBound(to: redisReply.self))
        }
    }

    /// Buffers every command, writes them in one go and then reads the replies in order: one round trip.
    func pipeline(_ commands: [[RedisArgument]]) throws -> [RESPValue] {
        try self.lock.withLock {
            let context = try self.usableContext()
            for command in commands {
                let status = CommandArgv.with(command) { argc, argv, lengths in
                    redisAppendCommandArgv(context, argc, argv, lengths)
                }
                guard status == REDIS_OK else { throw self.fail(context) }
            }
            var replies: [RESPValue] = []
            replies.reserveCapacity(commands.count)
            for _ in commands {
                var reply: UnsafeMutableRawPointer?
                guard redisGetReply(context, &reply) == REDIS_OK, let reply else { throw self.fail(context) }
                replies.append(RESPValue(copying: reply.assumingMemoryBound(to: redisReply.self)))
                freeReplyObject(reply)
            }
            return replies
        }
    }

    /// Whether the next command can be sent: open, no earlier error, and the server has not closed
    /// the socket while it sat idle. The check is a zero-timeout `poll`, so it never blocks.
    var isUsable: Bool {
        self.lock.withLock {
            guard let context = self.context, self.failure == nil else { return false }
            var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
            // Between commands nothing is owed to us: anything readable is EOF, a reset or stray bytes.
            return poll(&descriptor, 1, 0) == 0
        }
    }

    func close() {
        self.lock.withLock {
            if let context = self.context {
                redisFree(context)
                self.context = nil
            }
            if self.failure == nil {
                self.failure = RedisError(kind: .io, message: "the connection is closed")
            }
        }
    }

    private func usableContext() throws -> UnsafeMutablePointer<redisContext> {
        if let failure = self.failure {
            throw RedisError(kind: failure.kind, message: "the connection failed earlier and is closed: \(failure.message)")
        }
        guard let context = self.context else {
            throw RedisError(kind: .io, message: "the connection is closed")
        }
        return context
    }

    /// Records the context's error, frees the context (closing the socket) and returns the error.
    private func fail(_ context: UnsafeMutablePointer<redisContext>) -> RedisError {
        let error = Self.error(of: context, action: "waiting for a reply", timeout: self.commandTimeout)
        self.failure = error
        redisFree(context)
        self.context = nil
        return error
    }

    private static func error(of context: UnsafeMutablePointer<redisContext>, action: String, timeout: Duration) -> RedisError {
        let text = HiredisText.string(from: &context.pointee.errstr)
        switch context.pointee.err {
        case REDIS_ERR_EOF:
            return RedisError(kind: .eof, message: "\(action): \(text)")
        case REDIS_ERR_PROTOCOL:
            return RedisError(kind: .protocolError, message: "\(action): \(text)")
        case REDIS_ERR_IO where Self.timeoutTexts.contains(text):
            return RedisError(kind: .timeout, message: "\(action): no answer within \(timeout)")
        case 0:
            return RedisError(kind: .io, message: "\(action): hiredis failed without an error")
        default:
            return RedisError(kind: .io, message: "\(action): \(text)")
        }
    }

    /// hiredis reports a socket timeout as an I/O error whose text is `strerror(errno)`: EAGAIN when
    /// `SO_RCVTIMEO`/`SO_SNDTIMEO` expire, ETIMEDOUT when the connect poll expires.
    private static let timeoutTexts: Set<String> = Set(
        [EAGAIN, EWOULDBLOCK, ETIMEDOUT].map { String(cString: strerror($0)) }
    )
}

/// hiredis writes with write(2), which raises SIGPIPE when the server has gone away, and SIGPIPE's
/// default action ends the process. Like SwiftNIO on Linux, ignore it process-wide (once); the
/// write then fails with EPIPE, which surfaces as an I/O error.
private let brokenPipeSignalIgnored: Bool = {
    _ = signal(SIGPIPE, SIG_IGN)
    return true
}()

extension timeval {
    /// A positive duration as a timeval, never rounded down to zero (which means "no timeout" to sockets).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var microseconds = attoseconds / 1_000_000_000_000
        if seconds == 0 && microseconds == 0 && attoseconds > 0 {
            microseconds = 1
        }
        self.init(tv_sec: time_t(seconds), tv_usec: suseconds_t(microseconds))
    }
}
