import NIOCore

/// Borrowers waiting for a pooled connection: first come, first served, each
/// until its deadline.
///
/// Every waiter of a pool gets the same timeout, so deadlines rise from the
/// front of the line to the back and one timer watches the whole line
/// (``Locked/waitInLine(_:timeout:decide:timedOut:)`` starts it when a waiter
/// finds none running; it ends when the line is empty). A busy pool thus sets about one
/// timer per timeout period instead of one per waiter (a `Task.sleep` is a
/// timer that stays allocated until its deadline, even when cancelled early).
///
/// A waiter holds nothing of a resilient type (`CheckedContinuation`, `ContinuousClock.Instant`;
/// see ``Deadline``): with one, its layout is computed at run time and every optional waiter
/// the line takes out went through the runtime's metadata lookups.
public struct WaitingLine<Grant: Sendable> {
    public struct Waiter: Sendable {
        public let id: Int
        @usableFromInline let due: Deadline
        /// Unsafe rather than checked: the line resumes each waiter once, whoever takes
        /// it out (under the lock) resumes it.
        @usableFromInline let continuation: UnsafeContinuation<Grant, any Error>

        @inlinable
        init(id: Int, deadline: ContinuousClock.Instant, continuation: UnsafeContinuation<Grant, any Error>) {
            self.id = id
            self.due = Deadline(deadline)
            self.continuation = continuation
        }

        public var deadline: ContinuousClock.Instant {
            due.instant
        }

        @inlinable
        public func resume(with result: Result<Grant, any Error>) {
            continuation.resume(with: result)
        }
    }

    @usableFromInline var waiters = CircularBuffer<Waiter>()
    @usableFromInline var lastID = 0
    @usableFromInline var hasTimer = false

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { waiters.count }
    @inlinable
    public var isEmpty: Bool { waiters.isEmpty }

    /// An id for a borrower about to wait, known before it joins the line so a
    /// cancellation handler can name it.
    @inlinable
    public mutating func makeWaiterID() -> Int {
        lastID += 1
        return lastID
    }

    /// Puts a borrower at the back of the line. True when no timer is
    /// running: the caller must start one (outside the lock).
    @inlinable
    public mutating func enqueue(
        id: Int,
        deadline: ContinuousClock.Instant,
        continuation: UnsafeContinuation<Grant, any Error>
    ) -> Bool {
        waiters.append(Waiter(id: id, deadline: deadline, continuation: continuation))
        defer { hasTimer = true }
        return !hasTimer
    }

    @inlinable
    public mutating func removeFirst() -> Waiter? {
        waiters.popFirst()
    }

    /// Removes a waiter that was cancelled; nil when it was already served.
    @inlinable
    public mutating func remove(id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index)
    }

    @inlinable
    public mutating func removeAll() -> [Waiter] {
        defer { waiters.removeAll() }
        return Array(waiters)
    }

    /// The timer's step: takes out the waiters whose deadline has passed and
    /// says when to look again; a nil `next` ends the timer (the line is empty).
    @inlinable
    public mutating func sweep(now: ContinuousClock.Instant) -> (expired: [Waiter], next: ContinuousClock.Instant?) {
        var expired: [Waiter] = []
        let now = Deadline(now)
        while let first = waiters.first, first.due <= now {
            expired.append(waiters.removeFirst())
        }
        let next = waiters.first?.deadline
        if next == nil { hasTimer = false }
        return (expired, next)
    }
}
