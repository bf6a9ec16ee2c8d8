import Testing

@testable import Handoff

/// A turn scans its utterance once (`Ruleset.scan`) for both `declinesVisual` and the
/// decision: both answer as they do from the text.
@Suite struct UtteranceScanTests {
    @Test func theDevSetDeclinesAndDecidesAlikeFromTheScan() throws {
        let ruleset = try Fixtures.defaultRuleset()
        let engine = HandoffEngine(ruleset: ruleset)
        for example in try DevSetTests.examples() {
            let scan = ruleset.scan(example.userText)
            #expect(ruleset.declinesVisual(scan) == ruleset.declinesVisual(example.userText), "\(example.id)")
            let facts = DevSetTests.facts(for: example, ruleset: ruleset)
            #expect(engine.decide(facts, rolloutKey: example.id, utterance: scan)
                == engine.decide(facts, rolloutKey: example.id), "\(example.id)")
        }
    }

    @Test func aDictatedRequestIsStillScannedApart() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.request, has_phrase: [open]}")
        let text = "remind me to open the door"
        let dictated = HandoffFacts(utteranceText: text, utteranceRequest: "remind me to")
        #expect(!engine.decide(dictated, rolloutKey: "s", utterance: engine.ruleset.scan(text)).handoff)
        #expect(engine.decide(HandoffFacts(utteranceText: text), rolloutKey: "s", utterance: engine.ruleset.scan(text)).handoff)
    }

    @Test func declinesFromTheScanWhenNoRuleLooksAtPhrases() throws {
        let ruleset = try Fixtures.ruleset("""
            phrases:
              declined_visual: [just tell me]
            trigger:
              - id: locked
                description: a locked device
                when: {fact: device.locked, eq: true}
            """)
        #expect(ruleset.declinesVisual(ruleset.scan("no, just tell me")))
        #expect(!ruleset.declinesVisual(ruleset.scan("show me")))
    }
}
