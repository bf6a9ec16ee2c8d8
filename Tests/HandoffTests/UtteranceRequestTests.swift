import Testing

@testable import Handoff

/// `utterance.request`: the utterance without what the user dictated.
@Suite struct UtteranceRequestTests {
    @Test func dropsTheDictatedWords() {
        #expect(HandoffFacts.request(in: "Remind Noah to open the windows by 6pm", dictated: ["open the windows"])
            == "remind noah to by 6pm")
    }

    @Test func readsDictationWithoutCaseOrPunctuation() {
        #expect(HandoffFacts.request(in: "Ask Oppi: Open a PR, then ship it.", dictated: ["open a pr then ship it"])
            == "ask oppi")
    }

    @Test func removesEachDictatedTextOnce() {
        #expect(HandoffFacts.request(in: "book it and book it", dictated: ["book it"]) == "and book it")
    }

    @Test func isNilWhenNothingDictatedAppears() {
        #expect(HandoffFacts.request(in: "tomorrow at 5", dictated: ["open the windows"]) == nil)
        #expect(HandoffFacts.request(in: "show me my nags", dictated: []) == nil)
    }

    @Test func isEmptyWhenTheWholeUtteranceWasDictated() {
        #expect(HandoffFacts.request(in: "Show me a preview.", dictated: ["show me a preview"]) == "")
    }

    @Test func aRuleOnTheRequestIgnoresDictatedWords() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.request, has_phrase: [open]}")
        let dictated = HandoffFacts(utteranceText: "remind me to open the door", utteranceRequest: "remind me to")
        #expect(!engine.decide(dictated, rolloutKey: "s").handoff)
        #expect(engine.decide(HandoffFacts(utteranceText: "open the door"), rolloutKey: "s").handoff)
    }

    @Test func aRuleOnTheTextStillSeesDictatedWords() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.text, has_phrase: [open]}")
        let dictated = HandoffFacts(utteranceText: "remind me to open the door", utteranceRequest: "remind me to")
        #expect(engine.decide(dictated, rolloutKey: "s").handoff)
    }

    @Test func theRequestIsStoredOnlyWhenItDiffersFromTheText() throws {
        #expect(!HandoffFacts(utteranceText: "open it").jsonText.contains("utterance.request"))
        #expect(HandoffFacts(utteranceText: "remind me to open it", utteranceRequest: "remind me to").jsonText
            .contains(#""utterance.request":"remind me to""#))
    }
}
