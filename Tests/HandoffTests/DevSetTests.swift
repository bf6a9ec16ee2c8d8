import Foundation
import Testing

@testable import Handoff

/// Every handoff expectation of the shared dev set (`../shared/eval/dev.jsonl`), decided by the
/// shipped default ruleset from the facts the pipeline would supply.
@Suite struct DevSetTests {
    /// The intents the seeds declare `openAppWhenRun`: the catalog marks them foreground.
    static let foregroundIntents: Set<String> = [
        "oppi.OpenNewSessionIntent", "codingbridge.QuickChatIntent", "codingbridge.OpenProjectIntent",
        "codingbridge.ResumeSessionIntent", "codingbridge.RunCommandIntent", "codingbridge.GitStatusIntent",
        "codingbridge.SearchSessionsIntent",
    ]

    struct Example: Decodable, CustomTestStringConvertible {
        struct Expect: Decodable {
            var intent: String?
            var handoff: Bool?
        }

        struct Meta: Decodable {
            var device: String?
        }

        var id: String
        var userText: String
        var expect: Expect
        var meta: Meta?

        enum CodingKeys: String, CodingKey {
            case id, expect, meta
            case userText = "user_text"
        }

        var testDescription: String { "\(id) \(userText)" }
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOf: Fixtures.devSetFile, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Example.self, from: Data($0.utf8)) }
    }

    /// What the pipeline knows about the turn: the utterance, the understood intent (with its
    /// foreground flag from the catalog), the device surface, and the utterance's decline phrases.
    static func facts(for example: Example, ruleset: Ruleset) -> HandoffFacts {
        HandoffFacts(
            utteranceText: example.userText,
            intentID: example.expect.intent,
            intentApp: example.expect.intent.flatMap { $0.split(separator: ".").first.map(String.init) },
            intentForeground: example.expect.intent.map(foregroundIntents.contains) ?? false,
            deviceSurface: example.meta?.device ?? "phone",
            userDeclinedVisual: ruleset.declinesVisual(example.userText)
        )
    }

    @Test func theDevSetHasHandoffExpectations() throws {
        let expectations = try Self.examples().filter { $0.expect.handoff != nil }
        #expect(expectations.count >= 40)
    }

    @Test(arguments: try DevSetTests.examples().filter { $0.expect.handoff != nil })
    func defaultRulesetMeetsTheDevSetExpectation(_ example: Example) throws {
        let ruleset = try Fixtures.defaultRuleset()
        let decision = HandoffEngine(ruleset: ruleset)
            .decide(Self.facts(for: example, ruleset: ruleset), rolloutKey: "dev-\(example.id)")
        #expect(decision.handoff == example.expect.handoff, "decided by \(decision.rule ?? "no rule")")
    }

    /// A watch reaches the phone it is paired with (`watch-to-phone`); a HomePod and CarPlay do not hand off.
    @Test func surfacesThatCanReachAPhoneHandOff() throws {
        let ruleset = try Fixtures.defaultRuleset()
        let engine = HandoffEngine(ruleset: ruleset)
        let example = try #require(try Self.examples().first { $0.userText == "book a ride to the airport" && $0.meta == nil })
        var facts = Self.facts(for: example, ruleset: ruleset)
        let outcomes = ["phone", "ipad", "mac", "watch", "carplay", "homepod"].map { surface in
            facts.deviceSurface = surface
            return (surface, engine.decide(facts, rolloutKey: "s").handoff)
        }
        #expect(outcomes.filter(\.1).map(\.0) == ["phone", "ipad", "mac", "watch"])
    }
}
