import Testing

@testable import Handoff

/// Veto → trigger → delivery, first match per stage.
@Suite struct StageSemanticsTests {
    static let yaml = """
        revision: r7
        deep_links:
          special: "app://x?s={session_id}"
        veto:
          - id: no-screen
            description: HomePod
            when: {fact: device.surface, eq: homepod}
            reason: no screen
            say: See your phone.
        trigger:
          - id: keep-short-lists
            description: short lists stay on voice
            when: {fact: result.item_count, lte: 2}
            handoff: false
            say: Here they are.
          - id: lists
            description: lists
            when: {fact: result.item_count, gte: 0}
            reason: a list
            say: Opening the list.
          - id: special-intent
            description: uses its own link
            when: {fact: intent.id, eq: a.Special}
            deep_link: special
        delivery:
          - id: locked
            description: after unlock
            when: {fact: device.locked, eq: true}
            delivery: after_unlock
            say: Unlock first.
          - id: ipad
            description: no say of its own
            when: {fact: device.surface, eq: ipad}
            delivery: open_now
        """

    let engine: HandoffEngine

    init() throws {
        engine = HandoffEngine(ruleset: try Fixtures.ruleset(Self.yaml))
    }

    func decide(_ facts: HandoffFacts) -> HandoffDecision {
        engine.decide(facts, rolloutKey: "k")
    }

    @Test func noTriggerMeansNoHandoffAndNoDecidingRule() {
        let decision = decide(HandoffFacts(utteranceText: "hi"))
        #expect(decision == HandoffDecision(handoff: false, rulesetRevision: "r7"))
    }

    @Test func aTriggerHandsOffWithTheFirstMatchingDelivery() {
        let decision = decide(HandoffFacts(utteranceText: "", resultItemCount: 5, deviceLocked: true))
        #expect(decision.handoff)
        #expect(decision.rule == "lists")
        #expect(decision.stage == "trigger")
        #expect(decision.reason == "a list")
        #expect(decision.mode == "enforce")
        #expect(decision.delivery == "after_unlock")
        #expect(decision.deliveryRule == "locked")
        #expect(decision.rulesetRevision == "r7")
    }

    @Test func withoutAMatchingDeliveryRuleTheAppOpensNow() {
        let decision = decide(HandoffFacts(utteranceText: "", resultItemCount: 5))
        #expect(decision.delivery == "open_now")
        #expect(decision.deliveryRule == nil)
    }

    @Test func theDeliverySayWinsOverTheTriggerSay() {
        #expect(decide(HandoffFacts(utteranceText: "", resultItemCount: 5, deviceLocked: true)).spokenSuffix == "Unlock first.")
        #expect(decide(HandoffFacts(utteranceText: "", resultItemCount: 5, deviceSurface: "ipad")).spokenSuffix
            == "Opening the list.")
    }

    @Test func aVetoOverridesAHandingOffTriggerAndSaysWhereToContinue() {
        let decision = decide(HandoffFacts(utteranceText: "", resultItemCount: 5, deviceSurface: "homepod"))
        #expect(!decision.handoff)
        #expect(decision.rule == "no-screen")
        #expect(decision.stage == "veto")
        #expect(decision.reason == "no screen")
        #expect(decision.spokenSuffix == "See your phone.")
        #expect(decision.triggerRule == "lists")
        #expect(decision.delivery == nil && decision.deepLinkTemplate == nil)
    }

    @Test func aVetoWithNothingToOverrideDecidesNothingAndSaysNothing() {
        let decision = decide(HandoffFacts(utteranceText: "tell me a joke", deviceSurface: "homepod"))
        #expect(!decision.handoff)
        #expect(decision.rule == nil && decision.stage == nil && decision.spokenSuffix == nil)
        #expect(decision.vetoRule == "no-screen")
    }

    @Test func aTriggerWithHandoffFalseKeepsTheTurnOnVoiceBeforeBroaderTriggers() {
        let decision = decide(HandoffFacts(utteranceText: "", resultItemCount: 2))
        #expect(!decision.handoff)
        #expect(decision.rule == "keep-short-lists")
        #expect(decision.stage == "trigger")
        #expect(decision.spokenSuffix == "Here they are.")
    }

    @Test func theTriggersDeepLinkWinsOverTheDefault() {
        let special = decide(HandoffFacts(utteranceText: "", intentID: "a.Special"))
        #expect(special.deepLinkURL(sessionID: "s1") == "app://x?s=s1")
        let list = decide(HandoffFacts(utteranceText: "", resultItemCount: 5))
        #expect(list.deepLinkURL(sessionID: "s1") == "jiri://continue?session_id=s1")
    }

    @Test func noDeepLinkWithoutAHandoff() {
        #expect(decide(HandoffFacts(utteranceText: "hi")).deepLinkURL(sessionID: "s") == nil)
    }

    @Test func explainReturnsExactlyTheDecisionOfDecide() {
        let cases = [
            HandoffFacts(utteranceText: "hi"),
            HandoffFacts(utteranceText: "", resultItemCount: 5, deviceLocked: true),
            HandoffFacts(utteranceText: "", resultItemCount: 5, deviceSurface: "homepod"),
            HandoffFacts(utteranceText: "", resultItemCount: 1),
            HandoffFacts(utteranceText: "", intentID: "a.Special", deviceSurface: "ipad"),
        ]
        for facts in cases {
            let explained = engine.explain(facts, rolloutKey: "k")
            #expect(explained.trace != nil)
            #expect(explained.withoutTrace == decide(facts))
        }
    }
}
