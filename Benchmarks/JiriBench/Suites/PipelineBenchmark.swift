import ConnectionSupport
import Conversation
import Foundation
import JiriAPI
import JiriServer
import Logging

/// `make bench`'s turn mix through `TurnService.handle`, in process, one turn at
/// a time, wired exactly as `jiri serve` wires it (`JiriComponents`, the real
/// Postgres and Redis, a turn counted as a request in flight): the cost of a turn
/// without HTTP, and a process that valgrind can profile. Its sessions are deleted
/// at the end.
struct PipelineBenchmark {
    let paths: BenchPaths
    let report: Report

    static let sessions = 100

    func run() async throws {
        var configuration = try ServerConfiguration.fromEnvironment()
        // As the wrk server: turns of a session repeat a text only every 31 turns.
        configuration.retryWindow = .seconds(1)
        var logger = Logger(label: "jiri.bench")
        logger.logLevel = .warning
        let components = try await JiriComponents(configuration: configuration, logger: logger)
        let mix = try paths.turnMix()
        let tag = String(UUID().uuidString.prefix(8)).lowercased()
        let principal = Principal(id: "bench", scopes: [.turn, .history])
        let turns = Int(ProcessInfo.processInfo.environment["BENCH_PIPELINE_TURNS"] ?? "") ?? 3_000

        func turn(_ index: Int) async throws {
            // As the server counts a request around its turn: one at a time, each is the
            // lone request in flight, and waits for its replies in place as `jiri serve` does.
            RequestsInFlight.enter()
            defer { RequestsInFlight.leave() }
            let request = TurnRequest(
                sessionID: "bench-pipe-\(tag)-\(index % Self.sessions)", userText: mix[index % mix.count],
                client: "ios_app", meta: TurnMeta(timezone: "America/New_York", device: "iphone", voice: true))
            blackHole(try await components.turnService.handle(
                .init(request: request, principal: principal, idempotencyKey: nil, traceID: "bench")))
        }

        do {
            for index in 0..<Self.sessions { try await turn(index) }
            let cpuBefore = Self.processCPUSeconds()
            let wallStart = ContinuousClock.now
            let samples = try await Stopwatch.samples(warmup: 0, operations: turns) { try await turn(Self.sessions + $0) }
            // The samples time each reply; the Redis writes behind them count in the rate and the CPU.
            await components.turnService.cacheWrites.drain()
            let wall = Stopwatch.nanoseconds(ContinuousClock.now - wallStart) / 1e9
            let cpu = Self.processCPUSeconds() - cpuBefore
            let note = "\(turns) turns over \(Self.sessions) sessions, one at a time"
            report.record("pipeline", "TurnService.handle p50", samples.median / 1e3, "µs", note: note)
            report.record("pipeline", "TurnService.handle p99", samples.percentile(0.99) / 1e3, "µs")
            report.record("pipeline", "TurnService.handle rate", Double(turns) / wall, "turns/s")
            report.record("pipeline", "process CPU per turn", cpu / Double(turns) * 1e6, "µs",
                          note: "this process only: pools, thread hops, JSON, matcher, rules")
        } catch {
            try? await cleanUp(components, tag: tag)
            await components.shutdown()
            throw error
        }
        try await cleanUp(components, tag: tag)
        await components.shutdown()
    }

    private func cleanUp(_ components: JiriComponents, tag: String) async throws {
        let pattern = "bench-pipe-\(tag)-%"
        try await components.postgres.query("DELETE FROM sessions WHERE id LIKE \(pattern)")
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
