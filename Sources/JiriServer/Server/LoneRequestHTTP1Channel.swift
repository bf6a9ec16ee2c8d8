import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 channel, each connection served under a preference for
/// ``LoneRequestExecutor``.
struct LoneRequestHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        http1.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await withTaskExecutorPreference(LoneRequestExecutor.shared) {
            await http1.handle(value: value, logger: logger)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1.1 whose connections run on their event loop while the process serves one
    /// request (``LoneRequestExecutor``).
    static func http1LoneRequestsOnEventLoop(configuration: HTTP1Channel.Configuration = .init()) -> HTTPServerBuilder {
        .init { responder in
            LoneRequestHTTP1Channel(http1: HTTP1Channel(responder: responder, configuration: configuration))
        }
    }
}
