import Testing

@testable import Conversation

@Suite("Utterance words")
struct UtteranceWordsTests {
    @Test func caseAndPunctuationDoNotChangeTheWords() {
        #expect(UtteranceWords("OK, bye!").normalized == "ok bye")
        #expect(UtteranceWords("ok   bye.").words == ["ok", "bye"])
    }

    @Test func apostrophesJoinTheirWord() {
        #expect(UtteranceWords("Don’t stop, I'm done").normalized == "dont stop im done")
    }

    @Test func digitsStayAndSymbolsSeparate() {
        #expect(UtteranceWords("remind me at 7:30pm #work").normalized == "remind me at 7 30pm work")
    }

    @Test func lettersBeyondASCIIStayInTheirWord() {
        #expect(UtteranceWords("Crème BRÛLÉE, déjà-vu").normalized == "crème brûlée déjà vu")
        #expect(UtteranceWords("Привет, мир").words == ["привет", "мир"])
    }

    @Test func aPhraseMatchesWholeWordsInOrder() {
        let words = UtteranceWords("Well, thanks a lot, goodbye!")
        #expect(words.contains(phrase: "thanks a lot"))
        #expect(words.contains(phrase: "goodbye"))
        #expect(!words.contains(phrase: "good bye"))
        #expect(!words.contains(phrase: "lot thanks"))
    }
}
