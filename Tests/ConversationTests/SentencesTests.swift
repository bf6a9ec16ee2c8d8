import Testing

@testable import Conversation

@Suite struct SentencesTests {
    @Test func clausesEndAtCommasSemicolonsDashesAndEllipses() {
        let clauses = Sentences.clauses("Leo, sorry — Mia; no – Ava… wait").map(String.init)
        #expect(clauses == ["Leo", " sorry ", " Mia", " no ", " Ava", " wait"])
    }

    @Test func emptyClausesAreLeftOut() {
        #expect(Sentences.clauses(",, okay ,;").map(String.init) == [" okay "])
    }

    @Test func clausesKeepOtherCharactersWhole() {
        // "é" and the emoji hold bytes 0xE2/0x80 nowhere; "€" (E2 82 AC) begins like a dash.
        let clauses = Sentences.clauses("café ☕️ €5, naïve — ok").map(String.init)
        #expect(clauses == ["café ☕️ €5", " naïve ", " ok"])
    }

    @Test func sentencesSplitBeforeClauses() {
        let clauses = Sentences.clauses("It's for Margaret. She's got one, at 9.30 p.m. tonight").map(String.init)
        #expect(clauses == ["It's for Margaret", " She's got one", " at 9.30 p.m. tonight"])
    }

    @Test func dashPartsEndAtDashesOnly() {
        let parts = Sentences.dashParts("no Leo, not now — sorry… it's for Leo–ok"[...]).map(String.init)
        #expect(parts == ["no Leo, not now ", " sorry… it's for Leo", "ok"])
    }

    /// The byte reading gives what splitting the sentences' characters gives.
    @Test(arguments: [
        "hang on, first — save an idea", "no… actually, Ava", "—", "a,b;c—d–e…f", "ok… bye!", "hmm, well; fine.",
        "Ruby, dentist, Thursday, three forty", "👍, 👍 — 👍", "",
    ])
    func clausesAreTheCharacterSplitsOfTheSentences(_ text: String) {
        let bySeparatorCharacter = Sentences.split(text).flatMap { $0.split(whereSeparator: { ",;—–…".contains($0) }) }
        #expect(Sentences.clauses(text) == bySeparatorCharacter)
    }
}
