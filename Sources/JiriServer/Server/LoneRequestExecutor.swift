import CEpoll
import ConnectionSupport
import NIOCore
import NIOPosix

/// The executor HTTP connections' tasks prefer: the event loop thread that resumes them
/// while the process serves at most one request, the cooperative pool otherwise.
///
/// Hummingbird runs each connection in a task on the cooperative pool, so a request
/// crosses threads twice (the event loop hands the request to a pool thread, which hands
/// the response back). At one request at a time each crossing wakes a sleeping thread;
/// on the event loop the request is read, answered and written on one thread (`/healthz`
/// at one connection: p50 192 → 133 µs). Under load the cooperative pool spreads the
/// turns over the cores, as before, so the choice is made again each time a task resumes:
/// a job enqueued from an event loop thread while at most one request is in flight runs
/// on that loop; any other goes to the global queue Swift's own executor uses. A lone
/// request's waits in place (``SocketPoller``) then hold the event loop, each for one reply
/// (2 ms at the longest), while nothing else is being served.
///
/// The price is the runtime's: a task with an executor preference reads it under a lock
/// at every hop, about 2 % of the server's CPU at 32 connections.
final class LoneRequestExecutor: TaskExecutor {
    static let shared = LoneRequestExecutor()

    /// The queue Swift's global executor runs its jobs on (default priority).
    nonisolated(unsafe) private static let cooperativeQueue = jiri_dispatch_global_queue(0, 0)

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if RequestsInFlight.isQuiet, let loop = MultiThreadedEventLoopGroup.currentEventLoop {
            loop.execute { Self.run(job) }
            return
        }
        // A function pointer and the job itself as its context: nothing allocated per job.
        jiri_dispatch_async_f(Self.cooperativeQueue, unsafeBitCast(job, to: UnsafeMutableRawPointer.self)) { context in
            LoneRequestExecutor.run(unsafeBitCast(context, to: UnownedJob.self))
        }
    }

    /// Runs `job` on the calling thread as this executor's, so the task's preference is met
    /// there and its next hop comes back to ``enqueue(_:)``.
    private static func run(_ job: UnownedJob) {
        job.runSynchronously(on: shared.asUnownedTaskExecutor())
    }
}
