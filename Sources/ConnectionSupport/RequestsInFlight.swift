import Synchronization

/// How many requests the process is serving, counted by the server around each
/// one. ``SocketPoller`` reads it to tell a lone request, whose thread has nothing
/// else to do while its reply comes, from a busy process.
public enum RequestsInFlight {
    private static let count = Atomic<Int>(0)

    public static var current: Int {
        count.load(ordering: .relaxed)
    }

    public static func enter() {
        count.add(1, ordering: .relaxed)
    }

    public static func leave() {
        count.subtract(1, ordering: .relaxed)
    }
}
