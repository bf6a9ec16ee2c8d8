import Catalog
import Testing
@testable import Understanding

/// What the recogniser's punctuation tells the matcher: where a name ends, where
/// announced content starts, and where a pattern's `,` may match.
@Suite struct PunctuationTests {
    @Test func aFullStopInsideANameKeepsTheName() {
        let match = understand("What's changed in the web.v2 code since this morning")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("web.v2"))
    }

    @Test func lettersWithFullStopsAfterATimeStayATime() {
        #expect(understand("remind Sam to take out the bins at 5 p.m.")?.slots["dueAt"] != nil)
    }

    @Test func wordsInParenthesesAreAnAsideLikeWordsBetweenCommas() {
        let match = understand("Mark the homework nag (the one for my stats course) as complete in Nagz.")
        #expect(match?.intent.id == "nagz.CompleteNagIntent")
        #expect(match?.slots["nag"] == .entity("homework"))
    }

    @Test func parenthesesOfDictatedCodeStayInThePrompt() {
        #expect(understand("ask Oppi to rename foo() to bar() in the parser")?.slots["prompt"] == .text("rename foo() to bar() in the parser"))
        // The prompt's text is cut from the bytes as said either way: what shows the parentheses
        // are no pause is the word after them.
        #expect(pauses(in: "rename foo() to bar() now") == [])
        #expect(pauses(in: "mark the nag (the one for stats) as done") == ["one", "as"])
    }

    /// The words a pause comes before.
    private func pauses(in text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var tokens: [Token] = []
            Fixtures.matcher.tokenizer.tokenize(bytes, into: &tokens)
            return tokens.filter { $0.flags.contains(.clauseStart) }.map { String(decoding: $0.word(in: bytes), as: UTF8.self) }
        }
    }

    @Test func anAfterthoughtDoesNotBecomeTheMessageOfAChat() {
        #expect(understand("Oppi, I'd like a blank session please, I'll take it from there")?.intent.id == "oppi.OpenNewSessionIntent")
    }

    @Test func aNameEndsAtAColon() {
        let match = understand("Create an appointments nag for me: dentist Thursday at 3")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("me"))
        #expect(match?.slots["description"] == .text("dentist"))
    }

    @Test func aNameThatEndsAtACommaIsPreferredToAShorterOne() {
        let match = understand("save an idea for the recipe app, uh, cache images offline")
        #expect(match?.slots["project"] == .entity("recipe app"))
        #expect(match?.slots["idea"] == .text("cache images offline"))
    }

    @Test func freeTextAfterAColonIsAnnouncedContent() {
        #expect(understand("search my chats redis") == nil)
        let match = understand("log my mood: tired")
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["title"] == .text("tired"))
    }

    @Test func aPauseInAPatternNeedsPunctuationInTheUtterance() {
        let paused = understand("add a mood called sunday coffee, happy")
        #expect(paused?.slots["title"] == .text("sunday coffee"))
        #expect(paused?.slots["category"] == .enumCase("happy"))
        let unpaused = understand("log a new mood called rainy day blues")
        #expect(unpaused?.slots["title"] == .text("rainy day blues"))
    }

}
