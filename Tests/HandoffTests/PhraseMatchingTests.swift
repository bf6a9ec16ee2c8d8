import Testing

@testable import Handoff

@Suite struct PhraseMatchingTests {
    static let phrases = """
        phrases:
          visual: [show me, view, i want to see, don't open]
        """

    func matches(_ utterance: String) throws -> Bool {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.text, has_phrase: $phrases.visual}", phrases: Self.phrases)
        return engine.decide(HandoffFacts(utteranceText: utterance), rolloutKey: "k").handoff
    }

    @Test(arguments: [
        "ok, show me.", "SHOW ME my calendar", "can I view it?", "I want to see the photos", "(view)",
        "show  me", "well...view", "I DON'T OPEN", "i dont open", "I don’t open",
    ])
    func matchesWholeWordsIgnoringCaseAndPunctuation(_ utterance: String) throws {
        #expect(try matches(utterance))
    }

    @Test(arguments: [
        "I need to review my notes", "preview it", "viewing the list", "show my nags", "show the me",
        "showme", "I want to seethe", "", "...",
    ])
    func doesNotMatchPartsOfWordsOrBrokenPhrases(_ utterance: String) throws {
        #expect(try !matches(utterance))
    }

    @Test(arguments: ["i wanna see the photos", "I WANNA SEE it", "so i wanna see"])
    func wordsRunTogetherInSpeechSayThePhrase(_ utterance: String) throws {
        #expect(try matches(utterance))
    }

    @Test func aRunTogetherWordCountsOnlyForTheWordsItStandsFor() throws {
        #expect(try !matches("i wannabe see"))
    }

    @Test func wordsAreLowerCasedWithoutPunctuationOrApostrophes() {
        #expect(WordScanner.words(in: "Ok, SHOW me—don’t; Jiří's café!") == ["ok", "show", "me", "dont", "jiřís", "café"])
    }

    @Test func phrasesInNonLatinScriptsMatchAsWholeWords() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.text, has_phrase: [Покажи мне]}")
        #expect(engine.decide(HandoffFacts(utteranceText: "покажи мне фото"), rolloutKey: "k").handoff)
        #expect(!engine.decide(HandoffFacts(utteranceText: "покажите мне фото"), rolloutKey: "k").handoff)
    }

    @Test func anInlinePhraseListWorksLikeANamedOne() throws {
        let engine = try Fixtures.engine(triggerWhen: "{fact: utterance.text, has_phrase: [select from, checkout]}")
        #expect(engine.decide(HandoffFacts(utteranceText: "select from the menu"), rolloutKey: "k").handoff)
        #expect(!engine.decide(HandoffFacts(utteranceText: "select the menu from here"), rolloutKey: "k").handoff)
    }
}
