import Synchronization

/// How many requests the process is serving, counted by the server around each
/// one. ``SocketPoller`` and the server's executor read it (``isQuiet``) to tell a
/// lone request, whose thread has nothing else to do while its reply comes, from a
/// busy process.
public enum RequestsInFlight {
    private static let count = Atomic<Int>(0)

    public static var current: Int {
        count.load(ordering: .relaxed)
    }

    /// At most one request in flight: a lone request, or none (then the caller is work a
    /// request left behind it, or background work). The one rule for spending a thread on
    /// a single request's waits and hand-offs.
    public static var isQuiet: Bool {
        current <= 1
    }

    public static func enter() {
        count.add(1, ordering: .relaxed)
    }

    public static func leave() {
        count.subtract(1, ordering: .relaxed)
    }
}
