import CEpoll
import ConnectionSupport
import NIOCore
import NIOPosix

/// The executor HTTP connections' tasks prefer: the event loop thread that resumed them
/// while the process serves at most one request, the cooperative pool otherwise.
///
/// Hummingbird runs each connection in a task on the cooperative pool, so a request
/// crosses threads twice (the event loop hands the request to a pool thread, which hands
/// the response back). At one request at a time each crossing wakes a sleeping thread;
/// on the event loop the request is read, answered and written on one thread. Under
/// load the event loops are busy reading and writing, and the cooperative pool spreads
/// the turns over the cores (running every turn on the event loops was measured worse
/// at 32 connections), so the choice is made again each time a task resumes.
final class LoneRequestExecutor: TaskExecutor {
    static let shared = LoneRequestExecutor()

    /// The queue Swift's global executor runs its jobs on (default priority).
    nonisolated(unsafe) private static let cooperativeQueue = jiri_dispatch_global_queue(0, 0)

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if RequestsInFlight.current <= 1, let loop = MultiThreadedEventLoopGroup.currentEventLoop {
            loop.execute { job.runSynchronously(on: LoneRequestExecutor.shared.asUnownedTaskExecutor()) }
            return
        }
        jiri_dispatch_async_f(Self.cooperativeQueue, unsafeBitCast(job, to: UnsafeMutableRawPointer.self)) { context in
            let job = unsafeBitCast(context, to: UnownedJob.self)
            job.runSynchronously(on: LoneRequestExecutor.shared.asUnownedTaskExecutor())
        }
    }
}
