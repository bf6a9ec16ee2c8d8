import Dispatch
import Foundation

/// SIGHUP as an async sequence: the conventional "reload your configuration" signal.
///
/// The first call sets SIGHUP's disposition to ignore (its default would end the process) and
/// leaves it so; every sequence made sees every signal, so several reloaders in one process
/// (tests) each hear it.
enum HangupSignal {
    /// Once per process: libdispatch installs its own handler when the first SIGHUP source is
    /// made, and setting SIG_IGN again later would replace that handler and silence every source.
    private static let ignoreDefaultDisposition: Void = {
        signal(SIGHUP, SIG_IGN)
    }()

    static func events() -> AsyncStream<Void> {
        _ = ignoreDefaultDisposition
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let source = SignalSource(DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global()))
        source.dispatch.setEventHandler { continuation.yield() }
        continuation.onTermination = { _ in source.dispatch.cancel() }
        source.dispatch.resume()
        return stream
    }

    /// The dispatch source, cancelled from whichever thread ends the stream (dispatch sources
    /// are thread-safe; the protocol just does not say so).
    private final class SignalSource: @unchecked Sendable {
        let dispatch: any DispatchSourceSignal

        init(_ dispatch: any DispatchSourceSignal) {
            self.dispatch = dispatch
        }
    }
}
