#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// SIGHUP, the conventional "reload your configuration" signal, counted.
///
/// A plain handler that only increments an atomic counter (async-signal-safe); reloaders poll
/// `count` and reload when it moves. Every reloader in the process sees every signal, and none
/// can be lost to a thread that happens to receive it: dispatch signal sources on Linux rely on
/// every thread blocking the signal, which a process full of libpq threads does not guarantee.
enum HangupSignal {
    /// Signals received since `install()`.
    static var count: Int {
        hangupsReceived.load(ordering: .relaxed)
    }

    /// Installs the handler (once per process; later calls do nothing). Until then SIGHUP ends
    /// the process, its default.
    static func install() {
        _ = installed
    }

    private static let installed: Void = {
        _ = signal(SIGHUP, countHangup)
    }()
}

private let hangupsReceived = Atomic<Int>(0)

private func countHangup(_: Int32) {
    hangupsReceived.add(1, ordering: .relaxed)
}
