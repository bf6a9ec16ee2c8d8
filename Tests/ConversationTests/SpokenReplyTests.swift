import Handoff
import Testing
@testable import Conversation

@Suite struct SpokenReplyTests {
    static func decision(handoff: Bool, stage: String, suffix: String?) -> HandoffDecision {
        HandoffDecision(handoff: handoff, rule: "r", stage: stage, rulesetRevision: "rev", spokenSuffix: suffix)
    }

    @Test func withoutADecisionTheReplyIsSpokenAndStored() {
        #expect(SpokenReply(reply: "Done.", mode: "intent", decision: nil) == SpokenReply(stored: "Done.", spoken: "Done."))
    }

    @Test func aTriggerThatDoesNotHandOffChangesNothing() {
        let reply = SpokenReply(reply: "Done.", mode: "intent", decision: Self.decision(handoff: false, stage: "trigger", suffix: "Ignored."))
        #expect(reply == SpokenReply(stored: "Done.", spoken: "Done."))
    }

    @Test func aHandoffSpeaksItsSuffixButStoresTheReply() {
        let reply = SpokenReply(reply: "Here are your nags.", mode: "intent", decision: Self.decision(handoff: true, stage: "delivery", suffix: "Opening Nagz."))
        #expect(reply == SpokenReply(stored: "Here are your nags.", spoken: "Here are your nags. Opening Nagz."))
    }

    @Test func aHandedOffFallbackSaysTheAppWillDoIt() {
        let reply = SpokenReply(reply: "I can't help with that.", mode: "fallback", decision: Self.decision(handoff: true, stage: "delivery", suffix: nil))
        #expect(reply == SpokenReply(stored: SpokenReply.continueInApp, spoken: SpokenReply.continueInApp))
    }

    @Test func aVetoedFallbackSpeaksOnlyTheVetoSuffix() {
        let reply = SpokenReply(reply: "I can't help with that.", mode: "fallback", decision: Self.decision(handoff: false, stage: "veto", suffix: "Okay, by voice then."))
        #expect(reply == SpokenReply(stored: "Okay, by voice then.", spoken: "Okay, by voice then."))
    }

    @Test func aVetoedFallbackWithoutSuffixKeepsTheFallbackReply() {
        let reply = SpokenReply(reply: "I can't help with that.", mode: "fallback", decision: Self.decision(handoff: false, stage: "veto", suffix: ""))
        #expect(reply == SpokenReply(stored: "I can't help with that.", spoken: "I can't help with that."))
    }

    @Test func aVetoAppendsItsSuffixToAnAnswer() {
        let reply = SpokenReply(reply: "You have 2 nags.", mode: "intent", decision: Self.decision(handoff: false, stage: "veto", suffix: "I'll keep it to voice."))
        #expect(reply == SpokenReply(stored: "You have 2 nags.", spoken: "You have 2 nags. I'll keep it to voice."))
    }
}
