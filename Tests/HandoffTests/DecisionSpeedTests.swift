import Foundation
import Testing

@testable import Handoff

/// Measures the decision time with the default ruleset over a realistic mix of turns. The
/// target is ≤ 2 µs a decision in a release build; this prints the measurement and asserts
/// nothing about time (debug builds and shared CI machines vary too much).
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

    @Test func measureDecisionTime() throws {
        let engine = HandoffEngine(ruleset: try Fixtures.defaultRuleset())
        let keys = (0..<64).map { "session-\($0)" }
        let rounds = 25_000
        var handoffs = 0
        for facts in Self.turns {
            handoffs += engine.decide(facts, rolloutKey: "warm-up").handoff ? 1 : 0
        }
        let clock = ContinuousClock()
        let decideTime = clock.measure {
            for round in 0..<rounds {
                for facts in Self.turns where engine.decide(facts, rolloutKey: keys[round & 63]).handoff {
                    handoffs += 1
                }
            }
        }
        let explainRounds = rounds / 10
        let explainTime = clock.measure {
            for round in 0..<explainRounds {
                for facts in Self.turns where engine.explain(facts, rolloutKey: keys[round & 63]).handoff {
                    handoffs += 1
                }
            }
        }
        let decideNanos = Self.nanoseconds(decideTime) / Double(rounds * Self.turns.count)
        let explainNanos = Self.nanoseconds(explainTime) / Double(explainRounds * Self.turns.count)
        print(String(format: "handoff decide: %.0f ns/decision, explain: %.0f ns/decision (%d decisions; %@ build)",
                     decideNanos, explainNanos, rounds * Self.turns.count, Self.buildKind))
        #expect(handoffs > 0)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    static var buildKind: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }
}
