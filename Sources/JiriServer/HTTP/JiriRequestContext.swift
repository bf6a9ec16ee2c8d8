import Conversation
import Hummingbird

/// Per-request state: who is calling and the trace id that ties the logs of
/// one request together.
public struct JiriRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public var principal: Principal?
    public var traceID: String = ""

    public init(source: Source) {
        self.coreContext = .init(source: source)
    }

    /// Bodies are collected explicitly with their own limit (`TurnController`).
    public var maxUploadSize: Int { 1024 * 1024 }
}
