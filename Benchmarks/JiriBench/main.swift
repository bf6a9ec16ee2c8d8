import Dispatch
import Foundation

// JiriBench: the micro-benchmarks of `make bench`. Plain timing loops (warm-up,
// median of several runs), run from the package root:
//
//   JiriBench [--only matcher,decision,json,fastjson,history,commit,pipeline] [--json <file>]
//
// The history and commit suites need Postgres (DATABASE_URL, default the local stack); the
// pipeline suite Postgres and Redis (DATABASE_URL and REDIS_URL, as `jiri serve`).
//
// The main thread stays synchronous and waits for the async suites on a
// semaphore: no dispatch_main, which valgrind cannot run (it profiles this
// executable, as it cannot profile `jiri serve`).

let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex else { return nil }
    return arguments[arguments.index(after: index)]
}

let suites = Set((option("--only") ?? "matcher,decision,json,fastjson,history,commit,pipeline").split(separator: ",").map(String.init))
let paths = BenchPaths(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
let databaseURL = ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "postgres://jiri@127.0.0.1:54329/jiri"
let report = Report()

do {
    if suites.contains("matcher") { try MatcherBenchmark(paths: paths, report: report).run() }
    if suites.contains("decision") { try DecisionBenchmark(paths: paths, report: report).run() }
    if suites.contains("json") { try TurnJSONBenchmark(report: report).run() }
    if suites.contains("fastjson") { try FastJSONBenchmark(report: report).run() }
    if suites.contains("history") {
        try waitFor { try await HistoryBenchmark(databaseURL: databaseURL, report: report).run() }
    }
    if suites.contains("commit") {
        try waitFor { try await GroupCommitBenchmark(databaseURL: databaseURL, report: report).run() }
    }
    if suites.contains("pipeline") {
        try waitFor { try await PipelineBenchmark(paths: paths, report: report).run() }
    }
    if let file = option("--json") { try report.write(to: file) }
} catch {
    FileHandle.standardError.write(Data("JiriBench: \(error)\n".utf8))
    exit(1)
}
