import Foundation
import Testing

@testable import Handoff

@Suite struct DefaultRulesetTests {
    @Test func passesItsOwnTestCasesWithEveryRuleCovered() throws {
        let ruleset = try Fixtures.defaultRuleset()
        let suite = try RulesTestSuite.load(file: Fixtures.defaultTestsFile)
        let report = RulesTestRunner(ruleset: ruleset).run(suite)
        #expect(report.failedCases.map(\.name) == [], "\(report.text)")
        #expect(report.uncoveredRules.map(\.ruleID) == [])
        #expect(report.passed)
    }

    @Test func checksCleanWithoutErrorsOrWarnings() {
        let findings = RulesLinter().check(rulesFile: Fixtures.defaultRulesFile)
        #expect(findings.filter { $0.severity != .info }.map(\.description) == [])
    }

    @Test func keepsTheOriginalTriggerPhrases() throws {
        let ruleset = try Fixtures.defaultRuleset()
        #expect(ruleset.phraseList(named: "visual")?.phrases
            == ["show me", "open", "display", "let me see", "i want to see", "look at", "view"])
        let complex = Set(ruleset.phraseList(named: "complex")?.phrases ?? [])
        #expect(Set(["book", "order", "buy", "purchase", "pay", "checkout", "form", "customize", "choose", "select from"])
            .isSubset(of: complex))
    }

    @Test func theBritishSpellingOfATriggerIsATrigger() throws {
        #expect(try Fixtures.defaultRuleset().phraseList(named: "complex")?.phrases.contains("customise") == true)
    }

    @Test(arguments: [
        "just tell me my nags, don't open anything", "read them out", "Just tell me.", "please don’t show it, just say it",
    ])
    func recognisesDeclinedVisual(_ utterance: String) throws {
        #expect(try Fixtures.defaultRuleset().declinesVisual(utterance))
    }

    @Test(arguments: ["tell me a joke", "show me my calendar", "open the door", "just telling me"])
    func doesNotMistakeOrdinaryRequestsForADecline(_ utterance: String) throws {
        #expect(try !Fixtures.defaultRuleset().declinesVisual(utterance))
    }

    @Test func foregroundIntentsDeepLinkToTheIntent() throws {
        let engine = HandoffEngine(ruleset: try Fixtures.defaultRuleset())
        let facts = HandoffFacts(utteranceText: "Start Oppi", intentID: "oppi.OpenNewSessionIntent", intentApp: "oppi",
                                 intentForeground: true)
        let decision = engine.decide(facts, rolloutKey: "s")
        #expect(decision.deepLinkURL(sessionID: "abc")
            == "jiri://continue?session_id=abc&app=oppi&intent=oppi.OpenNewSessionIntent")
    }
}
