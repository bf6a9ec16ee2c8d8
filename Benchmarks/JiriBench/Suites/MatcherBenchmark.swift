import Catalog
import Foundation
import Understanding

/// Matcher utterances per second over the dev set, with the shipped catalog and
/// with catalogs grown by renamed copies of its apps.
struct MatcherBenchmark {
    let paths: BenchPaths
    let report: Report

    func run() throws {
        let catalog = try Catalog.load(directory: paths.catalogDirectory)
        let utterances = try paths.devUtterances()
        let context = MatchContext(timeZone: TimeZone(identifier: "America/New_York")!, now: Date())

        let matcher = IntentMatcher(catalog: catalog)
        let environment = ProcessInfo.processInfo.environment
        if let rounds = Int(environment["BENCH_MATCHER_ROUNDS"] ?? "") {
            // `Benchmarks/profile.sh matcher`: the shipped catalog's loop alone, over the dev
            // set or one utterance.
            let profiled = environment["BENCH_MATCHER_TEXT"].map { [$0] } ?? utterances
            for _ in 0..<rounds { for utterance in profiled { blackHole(matcher.match(utterance, context: context)) } }
            return
        }
        if environment["BENCH_MATCHER_EACH"] != nil {
            // The dev set's utterances one by one, to find the ones that cost most.
            for utterance in utterances {
                let ns = Stopwatch.median(operations: 2_000) { _ in blackHole(matcher.match(utterance, context: context)) }
                print(Int(ns), "ns", matcher.match(utterance, context: context)?.intent.id ?? "-", utterance)
            }
            return
        }
        let matched = utterances.filter { matcher.match($0, context: context) != nil }.count
        let ns = time(matcher, utterances, context)
        report.recordRate("matcher", "dev set, shipped catalog", nanosecondsPerOperation: ns, unit: "utterance",
                          note: "\(utterances.count) utterances, \(matched) matched, \(catalog.intents.count) intents")

        let compileNs = Stopwatch.median(warmup: 1, runs: 5, operations: 5) { _ in blackHole(IntentMatcher(catalog: catalog)) }
        report.record("matcher", "compile shipped catalog", compileNs / 1e6, "ms")

        let setupNs = Stopwatch.median(operations: 2_000) { _ in
            blackHole(MatchContext(timeZone: TimeZone(identifier: "America/New_York")!, now: Date()))
        }
        report.record("matcher", "MatchContext per turn (time zone + calendar)", setupNs, "ns")

        for copies in [4, 16] {
            let grown = try Self.catalog(catalog, copies: copies)
            let grownMatcher = IntentMatcher(catalog: grown)
            let grownNs = time(grownMatcher, utterances, context)
            report.recordRate("matcher", "dev set, catalog x\(copies)", nanosecondsPerOperation: grownNs, unit: "utterance",
                              note: "\(grown.apps.count) apps, \(grown.intents.count) intents, same vocabulary repeated")
        }
    }

    private func time(_ matcher: IntentMatcher, _ utterances: [String], _ context: MatchContext) -> Double {
        let rounds = 200
        let perRound = Stopwatch.median(operations: rounds) { _ in
            for utterance in utterances { blackHole(matcher.match(utterance, context: context)) }
        }
        return perRound / Double(utterances.count)
    }

    /// The catalog with `copies - 1` renamed copies of every app: the worst case
    /// for the matcher, since every copy repeats the same phrases.
    static func catalog(_ catalog: Catalog, copies: Int) throws -> Catalog {
        var apps = catalog.apps
        for copy in 1..<copies {
            let word = suffixWord(copy)
            for app in catalog.apps {
                var renamed = app
                renamed.name = app.name + word
                renamed.displayName = app.displayName + " " + word
                renamed.aliases = app.aliases.map { $0 + " " + word }
                renamed.intents = app.intents.map { intent in
                    var intent = intent
                    intent.app = renamed.name
                    intent.id = renamed.name + intent.id.dropFirst(app.name.count)
                    intent.saidAlone = intent.saidAlone.map { $0 + " " + word }
                    return intent
                }
                apps.append(renamed)
            }
        }
        return try Catalog(apps: apps)
    }

    /// A letters-only word per copy ("qb", "qc", …), so names stay valid identifiers.
    static func suffixWord(_ copy: Int) -> String {
        var value = copy
        var letters = ""
        repeat {
            letters = String(UnicodeScalar(UInt8(97 + value % 26))) + letters
            value /= 26
        } while value > 0
        return "q" + letters
    }
}
