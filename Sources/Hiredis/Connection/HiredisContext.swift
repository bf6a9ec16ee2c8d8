import CHiredis
import ConnectionSupport
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one hiredis `redisContext`, switched to non-blocking once connected.
///
/// Connecting blocks (callers run it on a `NIOThreadPool`, never on an event loop). Commands then
/// write without blocking and await their replies through the ``SocketPoller``, so no thread sits
/// in the socket while Redis answers. A context is unusable after an I/O, timeout or protocol
/// error (a late reply could be read as the answer to the next command), so the first such error
/// closes the socket at once and is remembered; every later call fails with it.
///
/// `@unchecked Sendable`: the fields are only touched under `lock`; the C context is used by one
/// command at a time (`isBusy`), and a `close()` that arrives during a command frees the context
/// when the command ends.
final class HiredisContext: @unchecked Sendable {
    private let lock = NSLock()
    private var context: UnsafeMutablePointer<redisContext>?
    private var failure: RedisError?
    private var isBusy = false
    private var closeWhenIdle = false
    private let commandTimeout: Duration

    private init(context: UnsafeMutablePointer<redisContext>, commandTimeout: Duration) {
        self.context = context
        self.commandTimeout = commandTimeout
    }

    deinit {
        // Normally already freed by `close()`; this only stops a leak.
        if let context { redisFree(context) }
    }

    /// Where a connection goes.
    enum Endpoint {
        case tcp(host: String, port: Int)
        case socket(path: String)
    }

    /// Opens a connection (blocking for up to `connectTimeout`), then makes it non-blocking.
    static func connect(to endpoint: Endpoint, connectTimeout: Duration, commandTimeout: Duration) throws -> HiredisContext {
        _ = brokenPipeSignalIgnored
        let opened: UnsafeMutablePointer<redisContext>?
        let action: String
        switch endpoint {
        case .tcp(let host, let port):
            opened = redisConnectWithTimeout(host, Int32(port), timeval(connectTimeout))
            action = "connecting to \(host):\(port)"
        case .socket(let path):
            opened = redisConnectUnixWithTimeout(path, timeval(connectTimeout))
            action = "connecting to \(path)"
        }
        guard let context = opened else {
            throw RedisError(kind: .io, message: "hiredis could not allocate a connection context")
        }
        guard context.pointee.err == 0 else {
            let error = Self.error(of: context, action: action, timeout: connectTimeout)
            redisFree(context)
            throw error
        }
        let socket = context.pointee.fd
        let flags = fcntl(socket, F_GETFL)
        guard flags >= 0, fcntl(socket, F_SETFL, flags | O_NONBLOCK) == 0 else {
            let reason = String(cString: strerror(errno))
            redisFree(context)
            throw RedisError(kind: .io, message: "\(action): cannot make the socket non-blocking: \(reason)")
        }
        // hiredis then treats EAGAIN as "try again later" instead of a timeout.
        context.pointee.flags &= ~Int32(REDIS_BLOCK)
        // Best effort: keepalive only shortens how long a vanished peer goes unnoticed
        // (a Unix socket has no keepalive; hiredis then just reports an error).
        if case .tcp = endpoint { _ = redisEnableKeepAlive(context) }
        return HiredisContext(context: context, commandTimeout: commandTimeout)
    }

    /// Sends one command and reads its reply (error replies included, as `.error`).
    func command(_ arguments: [RedisArgument]) async throws -> RESPValue {
        try await self.pipeline([arguments])[0]
    }

    /// Buffers every command, writes them in one go and then reads the replies in order: one round
    /// trip. The replies must all arrive within the command timeout.
    func pipeline(_ commands: [[RedisArgument]]) async throws -> [RESPValue] {
        let context = try self.borrow()
        defer { self.giveBack() }
        let request = RESPCommandEncoder.encode(commands)
        let status = request.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { redisAppendFormattedCommand(context, $0.baseAddress, $0.count) }
        }
        guard status == REDIS_OK else { throw self.fail(context) }
        let deadline = ContinuousClock.now + self.commandTimeout
        var written: Int32 = 0
        while true {
            guard redisBufferWrite(context, &written) == REDIS_OK else { throw self.fail(context) }
            if written != 0 { break }
            try await self.wait(for: .writable, on: context, until: deadline)
        }
        var replies: [RESPValue] = []
        replies.reserveCapacity(commands.count)
        for _ in commands {
            var reply: UnsafeMutableRawPointer?
            while true {
                guard redisGetReplyFromReader(context, &reply) == REDIS_OK else { throw self.fail(context) }
                if reply != nil { break }
                try await self.wait(for: .readable, on: context, until: deadline)
                guard redisBufferRead(context) == REDIS_OK else { throw self.fail(context) }
            }
            guard let reply else { throw self.fail(context) }
            replies.append(RESPValue(copying: reply.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(reply)
        }
        return replies
    }

    private func wait(
        for interest: SocketPoller.Interest,
        on context: UnsafeMutablePointer<redisContext>,
        until deadline: ContinuousClock.Instant
    ) async throws {
        guard await SocketPoller.shared.wait(for: interest, on: context.pointee.fd, until: deadline) == .ready else {
            throw self.fail(context, with: RedisError(kind: .timeout, message: "waiting for a reply: no answer within \(self.commandTimeout)"))
        }
    }

    /// The context while it is open, with no earlier error and no command under way. Read under `lock`.
    private var idleContext: UnsafeMutablePointer<redisContext>? {
        guard let context = self.context, self.failure == nil, !self.isBusy else { return nil }
        return context
    }

    /// Open, with no earlier error and no command under way; no system call.
    var isOpen: Bool {
        self.lock.withLock { self.idleContext != nil }
    }

    /// Whether the next command can be sent: open, no earlier error, and the server has not closed
    /// the socket while it sat idle. The check is a zero-timeout `poll`, so it never blocks.
    var isUsable: Bool {
        self.lock.withLock {
            guard let context = self.idleContext else { return false }
            var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
            // Between commands nothing is owed to us: anything readable is EOF, a reset or stray bytes.
            return poll(&descriptor, 1, 0) == 0
        }
    }

    func close() {
        self.lock.withLock {
            if self.failure == nil {
                self.failure = RedisError(kind: .io, message: "the connection is closed")
            }
            if self.isBusy {
                self.closeWhenIdle = true
            } else {
                self.freeContext()
            }
        }
    }

    /// The context, for one command at a time.
    private func borrow() throws -> UnsafeMutablePointer<redisContext> {
        try self.lock.withLock {
            if let failure = self.failure {
                throw RedisError(kind: failure.kind, message: "the connection failed earlier and is closed: \(failure.message)")
            }
            guard let context = self.context else {
                throw RedisError(kind: .io, message: "the connection is closed")
            }
            precondition(!self.isBusy, "a RedisConnection was used by two tasks at once")
            self.isBusy = true
            return context
        }
    }

    private func giveBack() {
        self.lock.withLock {
            self.isBusy = false
            if self.closeWhenIdle {
                self.freeContext()
            }
        }
    }

    /// Records the error (the context's own unless given), frees the context (closing the socket)
    /// and returns the error.
    private func fail(_ context: UnsafeMutablePointer<redisContext>, with error: RedisError? = nil) -> RedisError {
        let error = error ?? Self.error(of: context, action: "waiting for a reply", timeout: self.commandTimeout)
        self.lock.withLock {
            self.failure = error
            self.freeContext()
        }
        return error
    }

    private func freeContext() {
        if let context = self.context {
            redisFree(context)
            self.context = nil
        }
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
