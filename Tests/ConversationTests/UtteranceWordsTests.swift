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

    @Test func aStraightApostropheJoinsItsWordToo() {
        #expect(UtteranceWords("I'm DONE, don't!").normalized == "im done dont")
    }

    @Test(arguments: [
        "", "   ", "!!!", "'", "a'b", "OK, bye!", "  Hello   World  ", "remind me at 7:30pm",
        "tab\tand\nnewline", "it's 5 o'clock", "Remind Alex to take out the trash tomorrow at 6pm.",
        "e-mail the_team @ 9", "ZZ top", "Show me my calendar", "''quoted''", "x\u{7F}y",
    ])
    func theASCIIPassReadsASCIIAsTheUnicodePassDoes(_ text: String) {
        #expect(UtteranceWords.normalizedASCII(text) == UtteranceWords.normalizedUnicode(text))
    }
}
