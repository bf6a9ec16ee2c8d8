import Foundation
import Testing

@testable import Handoff

@Suite struct ExplainTraceTests {
    let engine: HandoffEngine

    init() throws {
        engine = HandoffEngine(ruleset: try Fixtures.defaultRuleset())
    }

    @Test func theTraceListsEveryRuleOfEveryStage() throws {
        let decision = engine.explain(HandoffFacts(utteranceText: "show me my calendar"), rolloutKey: "k")
        let trace = try #require(decision.trace)
        #expect(trace.stages.map(\.stage) == [.veto, .trigger, .delivery])
        for stage in RuleStage.allCases {
            #expect(trace.stage(stage)?.rules.map(\.id) == engine.ruleset.rules(in: stage).map(\.id))
        }
    }

    @Test func eachConditionCarriesTheFactValueAndItsResult() throws {
        let decision = engine.explain(HandoffFacts(utteranceText: "Ok, show me my calendar!"), rolloutKey: "k")
        let trace = try #require(decision.trace)
        let visual = try #require(trace.rule("visual-request"))
        #expect(visual.matched && visual.won && visual.reached)
        #expect(visual.condition.kind == .any)
        let seeing = try #require(visual.condition.children.first)
        #expect(seeing.kind == .test)
        #expect(seeing.fact == "utterance.request")
        #expect(seeing.op == "has_phrase")
        #expect(seeing.expected == "$phrases.seeing")
        #expect(seeing.actual == .text("Ok, show me my calendar!"))
        #expect(seeing.matchedPhrase == "show me")
        #expect(trace.words == ["ok", "show", "me", "my", "calendar"])

        let foreground = try #require(trace.rule("foreground-intent"))
        #expect(!foreground.matched && foreground.reached)
        #expect(foreground.condition.kind == .any)
        #expect(foreground.condition.children.map(\.actual) == [.boolean(false), .null])
        #expect(foreground.condition.children.map(\.result) == [false, false])
    }

    @Test func rulesAfterTheStageWinnerAreEvaluatedButNotReached() throws {
        let decision = engine.explain(HandoffFacts(utteranceText: "book it", intentForeground: true), rolloutKey: "k")
        let trace = try #require(decision.trace)
        let complex = try #require(trace.rule("complex-task"))
        #expect(complex.matched)
        #expect(!complex.reached && !complex.won)
        #expect(trace.stage(.trigger)?.winner == "foreground-intent")
    }

    @Test func theDeliveryStageIsNotConsultedWithoutAHandoff() throws {
        let decision = engine.explain(HandoffFacts(utteranceText: "tell me a joke"), rolloutKey: "k")
        let delivery = try #require(decision.trace?.stage(.delivery))
        #expect(!delivery.consulted)
        #expect(delivery.winner == nil)
        #expect(delivery.rules.allSatisfy { !$0.reached })
    }

    @Test func aShadowMatchIsMarkedInTheTrace() throws {
        let facts = HandoffFacts(utteranceText: "delete them", intentStatus: "needs_confirmation")
        let decision = engine.explain(facts, rolloutKey: "k")
        #expect(decision.shadowMatches == ["confirmation-on-screen"])
        #expect(decision.trace?.rule("confirmation-on-screen")?.shadowMatch == true)
    }

    @Test func theTraceRoundTripsThroughJSONForStorage() throws {
        let decision = engine.explain(HandoffFacts(utteranceText: "show me", deviceSurface: "homepod"), rolloutKey: "k")
        let data = try JSONEncoder().encode(decision)
        #expect(try JSONDecoder().decode(HandoffDecision.self, from: data) == decision)
    }

    @Test func replayReDecidesFromStoredFactsJSON() throws {
        let facts = HandoffFacts(utteranceText: "buy more printer ink", deviceLocked: true)
        let stored = try JSONEncoder().encode(facts)
        let replayed = engine.decide(try JSONDecoder().decode(HandoffFacts.self, from: stored), rolloutKey: "session-9")
        #expect(replayed == engine.decide(facts, rolloutKey: "session-9"))
        #expect(replayed.delivery == "after_unlock")
    }

    @Test func theExplanationTextNamesTheDecisionAndEachRule() {
        let decision = engine.explain(HandoffFacts(utteranceText: "show me my nags", deviceSurface: "homepod"), rolloutKey: "k")
        let text = decision.explanation
        #expect(text.hasPrefix("NO HANDOFF by screenless-surface (veto over trigger visual-request)"))
        #expect(text.contains("device.surface eq homepod → true   (device.surface = \"homepod\")"))
        #expect(text.contains("utterance.request has_phrase $phrases.visual → true"))
        #expect(text.contains("found \"show me\""))
        #expect(text.contains("delivery: not consulted"))
    }
}
