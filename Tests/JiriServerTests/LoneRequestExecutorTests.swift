import ConnectionSupport
import NIOCore
import NIOPosix
import Testing

@testable import JiriServer

/// The count of requests is the process's, so these expect no other request in flight
/// (`make test` runs the suites one at a time).
@Suite struct LoneRequestExecutorTests {
    /// Resumes the calling task from `loop`'s thread, then reports which event loop
    /// (if any) the task continued on. The continuation exists before the loop runs, so
    /// the task always suspends and `loop`'s thread always resumes it.
    private static func loopAfterResumingFrom(_ loop: any EventLoop) async -> (any EventLoop)? {
        await withTaskExecutorPreference(LoneRequestExecutor.shared) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                loop.execute { continuation.resume() }
            }
            return MultiThreadedEventLoopGroup.currentEventLoop
        }
    }

    @Test func aLoneRequestContinuesOnTheEventLoopThatResumedIt() async {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        let continuedOn = await Self.loopAfterResumingFrom(loop)
        #expect(continuedOn === loop)
    }

    @Test func amongSeveralRequestsATaskContinuesOnTheCooperativePool() async {
        RequestsInFlight.enter()
        RequestsInFlight.enter()
        defer {
            RequestsInFlight.leave()
            RequestsInFlight.leave()
        }
        let continuedOn = await Self.loopAfterResumingFrom(MultiThreadedEventLoopGroup.singleton.next())
        #expect(continuedOn == nil)
    }

    @Test func aTaskResumedOffAnEventLoopContinuesOnTheCooperativePool() async throws {
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        let continuedOn = try await withTaskExecutorPreference(LoneRequestExecutor.shared) {
            try await Task.sleep(for: .milliseconds(1))
            return MultiThreadedEventLoopGroup.currentEventLoop
        }
        #expect(continuedOn == nil)
    }
}
