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
package struct WaitingLine<Grant: Sendable> {
    package struct Waiter: Sendable {
        package let id: Int
        package let deadline: ContinuousClock.Instant
        private let continuation: CheckedContinuation<Grant, any Error>

        fileprivate init(id: Int, deadline: ContinuousClock.Instant, continuation: CheckedContinuation<Grant, any Error>) {
            self.id = id
            self.deadline = deadline
            self.continuation = continuation
        }

        package func resume(with result: Result<Grant, any Error>) {
            continuation.resume(with: result)
        }
    }

    private var waiters = CircularBuffer<Waiter>()
    private var lastID = 0
    private var hasTimer = false

    package init() {}

    package var count: Int { waiters.count }
    package var isEmpty: Bool { waiters.isEmpty }

    /// An id for a borrower about to wait, known before it joins the line so a
    /// cancellation handler can name it.
    package mutating func makeWaiterID() -> Int {
        lastID += 1
        return lastID
    }

    /// Puts a borrower at the back of the line. True when no timer is
    /// running: the caller must start one (outside the lock).
    package mutating func enqueue(
        id: Int,
        deadline: ContinuousClock.Instant,
        continuation: CheckedContinuation<Grant, any Error>
    ) -> Bool {
        waiters.append(Waiter(id: id, deadline: deadline, continuation: continuation))
        defer { hasTimer = true }
        return !hasTimer
    }

    package mutating func removeFirst() -> Waiter? {
        waiters.popFirst()
    }

    /// Removes a waiter that was cancelled; nil when it was already served.
    package mutating func remove(id: Int) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index)
    }

    package mutating func removeAll() -> [Waiter] {
        defer { waiters.removeAll() }
        return Array(waiters)
    }

    /// The timer's step: takes out the waiters whose deadline has passed and
    /// says when to look again; a nil `next` ends the timer (the line is empty).
    package mutating func sweep(now: ContinuousClock.Instant) -> (expired: [Waiter], next: ContinuousClock.Instant?) {
        var expired: [Waiter] = []
        while let first = waiters.first, first.deadline <= now {
            expired.append(waiters.removeFirst())
        }
        let next = waiters.first?.deadline
        if next == nil { hasTimer = false }
        return (expired, next)
    }
}
