import Foundation

/// Timing loops for the micro-benchmarks: warm up, then time several runs and
/// keep the median, so one descheduled run on a busy two-core machine does not
/// decide the figure.
enum Stopwatch {
    /// Runs `body` once per operation, `operations` times per run, after `warmup`
    /// untimed runs; returns the median nanoseconds per operation over `runs`.
    static func median(
        warmup: Int = 2, runs: Int = 7, operations: Int, _ body: (_ operation: Int) -> Void
    ) -> Double {
        for _ in 0..<warmup {
            for operation in 0..<operations { body(operation) }
        }
        var perOperation: [Double] = []
        perOperation.reserveCapacity(runs)
        for _ in 0..<runs {
            let start = ContinuousClock.now
            for operation in 0..<operations { body(operation) }
            perOperation.append(nanoseconds(ContinuousClock.now - start) / Double(operations))
        }
        return perOperation.sorted()[runs / 2]
    }

    /// The async variant: also keeps every operation's own latency, for percentiles.
    static func samples(warmup: Int, operations: Int, _ body: (_ operation: Int) async throws -> Void) async throws -> Samples {
        for operation in 0..<warmup { try await body(operation) }
        var latencies: [Double] = []
        latencies.reserveCapacity(operations)
        for operation in 0..<operations {
            let start = ContinuousClock.now
            try await body(operation)
            latencies.append(nanoseconds(ContinuousClock.now - start))
        }
        return Samples(nanoseconds: latencies)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }
}

/// Individual latencies, sorted once.
struct Samples {
    let sorted: [Double]

    init(nanoseconds: [Double]) {
        sorted = nanoseconds.sorted()
    }

    /// Nearest-rank percentile, `fraction` in 0...1.
    func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
}

/// Keeps the optimiser from deleting work whose result is otherwise unused:
/// an unoptimised call it cannot see through.
@_optimize(none)
func blackHole<T>(_ value: T) {}
