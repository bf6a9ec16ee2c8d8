import Foundation
import Testing

@testable import Handoff

/// Measures the decision time with the default ruleset over a realistic mix of turns. The
/// target is ≤ 2 µs a decision in a release build; this prints the measurement and asserts
/// nothing about time (debug builds and shared machines vary too much). The best of several
/// batches is reported beside the median, as the cost without interference from other work.
@Suite struct DecisionSpeedTests {
    static let turns: [HandoffFacts] = [
        HandoffFacts(utteranceText: "show me my calendar"),
        HandoffFacts(utteranceText: "what time is it in Tokyo"),
        HandoffFacts(utteranceText: "Remind Emma to do her homework by 6pm", intentID: "nagz.CreateNagIntent",
                     intentApp: "nagz", intentStatus: "completed"),
        HandoffFacts(utteranceText: "book a ride to the airport", deviceSurface: "carplay"),
        HandoffFacts(utteranceText: "Open jiri-server in CodingBridge", intentID: "codingbridge.OpenProjectIntent",
                     intentApp: "codingbridge", intentForeground: true, deviceLocked: true),
        HandoffFacts(utteranceText: "just tell me my nags, don't open anything", intentID: "nagz.ListNagsIntent",
                     intentApp: "nagz", resultItemCount: 12, userDeclinedVisual: true),
        HandoffFacts(utteranceText: "I need to review my notes before the meeting this afternoon, please"),
        HandoffFacts(utteranceText: "goodbye", deviceSurface: "homepod"),
    ]

    static let keys = (0..<64).map { "session-\($0)" }

    @Test func measureDecisionTime() throws {
        let engine = HandoffEngine(ruleset: try Fixtures.defaultRuleset())
        var handoffs = 0
        let decide = Self.nanosecondsPerDecision(batches: 15, rounds: 2_000) { facts, key in
            if engine.decide(facts, rolloutKey: key).handoff { handoffs += 1 }
        }
        let explain = Self.nanosecondsPerDecision(batches: 5, rounds: 400) { facts, key in
            if engine.explain(facts, rolloutKey: key).handoff { handoffs += 1 }
        }
        print(String(
            format: "handoff decide: best %.0f ns, median %.0f ns per decision; explain: best %.0f ns, median %.0f ns (%@ build)",
            decide.best, decide.median, explain.best, explain.median, Self.buildKind
        ))
        #expect(handoffs > 0)
    }

    /// Best and median nanoseconds per call over `batches` batches of `rounds` × every turn.
    static func nanosecondsPerDecision(
        batches: Int, rounds: Int, _ body: (HandoffFacts, String) -> Void
    ) -> (best: Double, median: Double) {
        let clock = ContinuousClock()
        var perDecision: [Double] = []
        for _ in 0...batches {
            let elapsed = clock.measure {
                for round in 0..<rounds {
                    for facts in turns {
                        body(facts, keys[round & 63])
                    }
                }
            }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            perDecision.append(seconds * 1e9 / Double(rounds * turns.count))
        }
        let measured = perDecision.dropFirst().sorted()  // the first batch warms up
        return (measured[0], measured[measured.count / 2])
    }

    static var buildKind: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
