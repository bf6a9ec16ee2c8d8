import Foundation
import Handoff

/// Rule decisions per second over varied facts: the shipped ruleset through
/// `decide` (no trace) and `explain` (the trace the turn pipeline stores), and
/// rulesets grown with rules that never match, so every one is evaluated.
struct DecisionBenchmark {
    let paths: BenchPaths
    let report: Report

    func run() throws {
        let yaml = try String(contentsOf: paths.rulesFile, encoding: .utf8)
        let ruleset = try Ruleset.parse(yaml: yaml, source: paths.rulesFile.path)
        let engine = HandoffEngine(ruleset: ruleset)
        let facts = try Self.variedFacts(utterances: paths.devUtterances())
        let keys = (0..<facts.count).map { "bench-\($0)" }
        let handoffs = facts.indices.filter { engine.decide(facts[$0], rolloutKey: keys[$0]).handoff }.count
        let note = "\(facts.count) fact sets, \(handoffs) hand off, \(ruleset.rules.count) rules"

        let decideNs = perDecision(facts) { blackHole(engine.decide(facts[$0], rolloutKey: keys[$0])) }
        report.recordRate("decision", "decide, shipped rules", nanosecondsPerOperation: decideNs, unit: "decision", note: note)

        let explainNs = perDecision(facts) { blackHole(engine.explain(facts[$0], rolloutKey: keys[$0])) }
        report.recordRate("decision", "explain (with trace), shipped rules", nanosecondsPerOperation: explainNs, unit: "decision")

        let encoder = JSONEncoder()
        let traces = facts.indices.map { engine.explain(facts[$0], rolloutKey: keys[$0]).trace }
        let traceBytes = traces.reduce(0) { $0 + ((try? encoder.encode($1))?.count ?? 0) } / traces.count
        let encodeNs = perDecision(facts) { blackHole(try? encoder.encode(traces[$0])) }
        report.record("decision", "trace JSON encode", encodeNs, "ns", note: "\(traceBytes) bytes on average, stored with every turn")
        let factsNs = perDecision(facts) { blackHole(try? encoder.encode(facts[$0])) }
        report.record("decision", "facts JSON encode", factsNs, "ns")

        for extra in [50, 200, 1_000] {
            let grown = HandoffEngine(ruleset: try Ruleset.parse(yaml: Self.yaml(yaml, extraTriggers: extra), source: "grown"))
            let grownNs = perDecision(facts) { blackHole(grown.decide(facts[$0], rolloutKey: keys[$0])) }
            report.record("decision", "decide, \(ruleset.rules.count + extra) rules", grownNs, "ns/decision",
                          note: "\(extra) never-matching triggers ahead of the shipped ones")
        }
    }

    private func perDecision(_ facts: [HandoffFacts], _ body: (Int) -> Void) -> Double {
        let rounds = 100
        let perRound = Stopwatch.median(operations: rounds) { _ in
            for index in facts.indices { body(index) }
        }
        return perRound / Double(facts.count)
    }

    /// Every dev utterance under several device situations and dialogue outcomes.
    static func variedFacts(utterances: [String]) -> [HandoffFacts] {
        let surfaces = ["phone", "phone", "homepod", "carplay", "watch", "ipad"]
        let outcomes: [(id: String?, app: String?, status: String?, foreground: Bool, items: Int?)] = [
            (nil, nil, nil, false, nil),
            ("moodboard.AddMoodIntent", "moodboard", "completed", false, nil),
            ("codingbridge.QuickChatIntent", "codingbridge", "completed", true, nil),
            ("nagz.ListNagsIntent", "nagz", "completed", false, 12),
            ("codingbridge.CaptureIdeaIntent", "codingbridge", "needs_value", false, nil),
        ]
        var facts: [HandoffFacts] = []
        for (index, utterance) in utterances.enumerated() {
            let outcome = outcomes[index % outcomes.count]
            facts.append(HandoffFacts(
                utteranceText: utterance, intentID: outcome.id, intentApp: outcome.app, intentStatus: outcome.status,
                intentForeground: outcome.foreground, dialogueReprompts: index % 3, resultItemCount: outcome.items,
                deviceSurface: surfaces[index % surfaces.count], deviceLocked: index % 4 == 0,
                deviceCanContinueInForeground: index % 5 == 0 ? false : nil, client: index % 2 == 0 ? "ios_app" : "shortcut",
                localHour: index % 24
            ))
        }
        return facts
    }

    /// The ruleset with `extra` triggers that never match inserted before the
    /// shipped triggers, cycling through the condition kinds operators write.
    static func yaml(_ yaml: String, extraTriggers extra: Int) -> String {
        var rules = ""
        for index in 0..<extra {
            let condition = switch index % 4 {
            case 0: "{fact: utterance.text, has_phrase: [synthetic phrase \(index), other words \(index)]}"
            case 1: "{fact: intent.id, eq: synthetic.Intent\(index)}"
            case 2: "{all: [{fact: device.surface, eq: mac}, {fact: device.locked, eq: true}, {fact: client, eq: synthetic_\(index)}]}"
            default: "{any: [{fact: result.error, eq: synthetic_\(index)}, {fact: client, in: [synthetic_\(index), other_\(index)]}]}"
            }
            rules += """
              - id: synthetic-\(index)
                description: Synthetic rule \(index), never matches.
                when: \(condition)
                reason: Synthetic rule \(index).

            """
        }
        return yaml.replacingOccurrences(of: "\ntrigger:\n", with: "\ntrigger:\n" + rules)
    }
}
