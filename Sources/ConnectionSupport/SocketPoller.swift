#if canImport(Glibc)
import Foundation
import CEpoll
import Glibc
import Synchronization

/// Waits for many sockets on one thread (epoll), so a query or a Redis command
/// awaits its reply without a thread of its own blocked in `recv`.
///
/// With blocking libpq and hiredis calls on a thread pool, every round trip was
/// two thread hand-offs: the caller woke a pool thread, which slept in the
/// socket and woke the caller again. Here the caller writes the request itself
/// (the sockets are non-blocking) and only the reply's arrival wakes a thread.
///
/// Each wait is one-shot and resumes its task exactly once: `.ready` when the
/// socket is readable (or writable), has an error or was hung up, `.timedOut`
/// when the deadline passes first. A lone request's wait may end on its own
/// thread without suspending (``waitInPlace(for:on:until:)``). Readiness can be spurious, so callers read
/// without blocking and wait again when nothing was there.
public final class SocketPoller: Sendable {
    public enum Interest: Sendable {
        case readable, writable
    }

    public enum Outcome: Sendable {
        case ready, timedOut
    }

    /// The process's poller; its thread starts with the first wait and lives as
    /// long as the process, like `NIOThreadPool.singleton`.
    public static let shared = SocketPoller()

    /// Unsafe rather than checked: a checked continuation allocates a box on every
    /// wait, and each waiter is resumed exactly once by construction (whoever takes
    /// it out of `waiters`, under the lock, resumes it).
    private struct Waiter {
        let continuation: UnsafeContinuation<Outcome, Never>
        let deadline: Deadline?
    }

    private enum Sleep {
        case awake
        /// In `epoll_wait` until this instant at the latest.
        case asleep(until: Deadline)
    }

    /// The longest the thread sleeps without an event. A wait whose deadline falls after
    /// the thread's planned wake-up is left for that wake-up to see, so a command timeout
    /// (seconds) never costs an eventfd write and a wake-up of this thread per command;
    /// only a deadline sooner than the planned wake-up does.
    public static let longestSleep = Duration.milliseconds(100)

    private struct State {
        var waiters: [Int32: Waiter] = [:]
        var sleep = Sleep.awake
        /// A caller waits in place (``waitInPlace(for:on:until:)``); one at a time.
        var waitingInPlace = false
    }

    private let epoll: Int32
    /// An eventfd that wakes the thread when a wait needs an earlier timeout.
    private let wakeup: Int32
    private let state = Locked(State())
    private let inPlaceWaits = Atomic<Int>(0)

    private init() {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        wakeup = eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK))
        precondition(epoll >= 0 && wakeup >= 0, "cannot create the socket poller: \(String(cString: strerror(errno)))")
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: wakeup))
        precondition(epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event) == 0, "cannot watch the poller's eventfd")
        let thread = Thread { [self] in
            CurrentThread.name("socket-poller")
            run()
        }
        thread.start()
    }

    /// Suspends until `socket` is ready for `interest` or `deadline` passes.
    /// One task at a time may wait on a socket.
    public func wait(
        for interest: Interest,
        on socket: Int32,
        until deadline: ContinuousClock.Instant? = nil
    ) async -> Outcome {
        if waitInPlace(for: interest, on: socket, until: deadline) { return .ready }
        return await withUnsafeContinuation { continuation in
            let mustWake = state.withLock { state -> Bool in
                precondition(state.waiters[socket] == nil, "two tasks wait on one socket")
                state.waiters[socket] = Waiter(continuation: continuation, deadline: deadline.map(Deadline.init))
                guard let deadline, case .asleep(let until) = state.sleep else { return false }
                return Deadline(deadline) < until
            }
            let flags = (interest == .readable ? EPOLLIN.rawValue : EPOLLOUT.rawValue) | EPOLLONESHOT.rawValue
            var event = epoll_event(events: flags, data: epoll_data_t(fd: socket))
            // Armed before: modify; first wait on this socket (or a new socket with a
            // closed one's number, which epoll forgot): add.
            if epoll_ctl(epoll, EPOLL_CTL_MOD, socket, &event) != 0,
               errno != ENOENT || epoll_ctl(epoll, EPOLL_CTL_ADD, socket, &event) != 0 {
                // Not a socket epoll can watch (closed, say): ready at once, and the
                // caller's read reports what is wrong with it.
                state.withLock { $0.waiters.removeValue(forKey: socket) }?.continuation.resume(returning: .ready)
                return
            }
            if mustWake {
                var one: UInt64 = 1
                _ = Glibc.write(wakeup, &one, MemoryLayout<UInt64>.size)
            }
        }
    }

    /// Waits for the reply on the caller's own thread, when the process serves at most
    /// one request and nothing else waits: the reply's arrival then wakes the one thread
    /// that reads it, not this poller's thread and then a cooperative one. At one
    /// request at a time this took 45–80 µs off a turn (a Redis and a Postgres round
    /// trip). With no request in flight the caller is work a request left behind it (a
    /// turn's Redis write after its response) or background work, and it waits in place
    /// too: one poller wake-up fewer per turn at one connection. One caller at a time, so
    /// at most one cooperative thread is held. The wait is bounded by
    /// ``longestWaitInPlace``; a reply slower than that is awaited through epoll as
    /// usual. Returns whether the socket became ready.
    private func waitInPlace(for interest: Interest, on socket: Int32, until deadline: ContinuousClock.Instant?) -> Bool {
        guard RequestsInFlight.isQuiet else { return false }
        if let deadline, deadline - .now <= Self.longestWaitInPlace { return false }
        let claimed = state.withLock { state -> Bool in
            guard state.waiters.isEmpty, !state.waitingInPlace else { return false }
            state.waitingInPlace = true
            return true
        }
        guard claimed else { return false }
        defer { state.withLock { $0.waitingInPlace = false } }
        var descriptor = pollfd(fd: socket, events: Int16(interest == .readable ? POLLIN : POLLOUT), revents: 0)
        let ready = poll(&descriptor, 1, Self.milliseconds(until: .now + Self.longestWaitInPlace)) > 0
        if ready { inPlaceWaits.add(1, ordering: .relaxed) }
        return ready
    }

    /// How long a wait in place may hold its thread.
    static let longestWaitInPlace = Duration.milliseconds(2)

    /// The waits answered on their caller's thread since the process started.
    public var waitsAnsweredInPlace: Int {
        inPlaceWaits.load(ordering: .relaxed)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 64)
        var ready: [Waiter] = []
        var expired: [(socket: Int32, waiter: Waiter)] = []
        while true {
            let timeout = state.withLock { state -> Int32 in
                let latest = Deadline(.now + Self.longestSleep)
                let until = Self.earliestDeadline(of: state.waiters).map { min($0, latest) } ?? latest
                state.sleep = .asleep(until: until)
                return Self.milliseconds(until: until.instant)
            }
            let count = epoll_wait(epoll, &events, Int32(events.count), timeout)
            let now = Deadline(.now)
            let fired = events.prefix(max(Int(count), 0))
            if fired.contains(where: { $0.data.fd == wakeup }) {
                var value: UInt64 = 0
                _ = Glibc.read(wakeup, &value, MemoryLayout<UInt64>.size)
            }
            state.withLock { state in
                state.sleep = .awake
                // The eventfd has no waiter: only sockets are found here.
                for event in fired {
                    if let waiter = state.waiters.removeValue(forKey: event.data.fd) {
                        ready.append(waiter)
                    }
                }
                for (socket, waiter) in state.waiters {
                    if let deadline = waiter.deadline, deadline <= now {
                        expired.append((socket, waiter))
                    }
                }
                for (socket, _) in expired {
                    state.waiters.removeValue(forKey: socket)
                }
            }
            for (socket, waiter) in expired {
                // Disarmed before the waiter resumes: its caller may close the socket
                // and another connection may get its number.
                epoll_ctl(epoll, EPOLL_CTL_DEL, socket, nil)
                waiter.continuation.resume(returning: .timedOut)
            }
            for waiter in ready {
                waiter.continuation.resume(returning: .ready)
            }
            ready.removeAll(keepingCapacity: true)
            expired.removeAll(keepingCapacity: true)
        }
    }

    private static func earliestDeadline(of waiters: [Int32: Waiter]) -> Deadline? {
        var earliest: Deadline?
        for waiter in waiters.values {
            if let deadline = waiter.deadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    /// epoll's timeout: whole milliseconds, rounded up so the thread does not wake
    /// just before a deadline and spin.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (deadline - .now).components
        guard seconds >= 0, seconds < Int64(Int32.max / 1000) else { return seconds < 0 ? 0 : Int32.max }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(max(milliseconds, 0))
    }
}
#endif
