import ConnectionSupport
import NIOCore
import NIOPosix
import Testing

@testable import JiriServer

/// The count of requests is the process's, so these expect no other request in flight
/// (`make test` runs the suites one at a time).
@Suite struct LoneRequestExecutorTests {
    /// Starts a task that prefers the executor from `loop`'s thread and reports which event
    /// loop (if any) it ran on. Its first job is enqueued by `Task.init` on `loop`'s thread,
    /// so the routing is decided there, with no race against a suspension.
    private static func loopOfATaskStarted(from loop: any EventLoop) async throws -> (any EventLoop)? {
        let task = try await loop.submit {
            Task(executorPreference: LoneRequestExecutor.shared) { MultiThreadedEventLoopGroup.currentEventLoop }
        }.get()
        return await task.value
    }

    @Test func aLoneRequestsTaskRunsOnTheEventLoopThatEnqueuedIt() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        try #require(RequestsInFlight.current == 1, "another request is in flight")
        let ranOn = try await Self.loopOfATaskStarted(from: loop)
        #expect(ranOn === loop)
    }

    @Test func amongSeveralRequestsATaskRunsOnTheCooperativePool() async throws {
        RequestsInFlight.enter()
        RequestsInFlight.enter()
        defer {
            RequestsInFlight.leave()
            RequestsInFlight.leave()
        }
        let ranOn = try await Self.loopOfATaskStarted(from: MultiThreadedEventLoopGroup.singleton.next())
        #expect(ranOn == nil)
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
