import Testing
import Understanding

/// What a recogniser writes of a stammer or a restart is not part of the request.
@Suite struct DisfluencyTests {
    @Test func aStammeredWordIsTheWord() {
        let match = understand("Nagz, s-s-snooze the nag for t-t-twenty minutes")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
    }

    @Test func aStammeredNameIsTheNameAsMeant() {
        let match = understand("Oppi, in the b-b-bus-times workspace, why does the parser skip Sundays?")
        #expect(match?.slots["workspace"] == .entity("bus-times"))
    }

    @Test(arguments: ["so-so", "bye-bye"])
    func aWordSaidTwiceOnPurposeStaysWhole(_ title: String) {
        #expect(understand("log my mood as \(title)")?.slots["title"] == .text(title))
    }

    @Test func aHyphenatedWordThatIsNoStammerStaysWhole() {
        let match = understand("Nagz, remind Jo-Jo to email the co-op about the e-mail")
        #expect(match?.slots["recipient"] == .entity("Jo-Jo"))
        #expect(match?.slots["description"] == .text("email the co-op about the e-mail"))
    }

    @Test(arguments: [
        "Nagz, snooze the nag for, for twenty, twenty minutes please",
        "can you, can you snooze the nag for twenty minutes",
    ])
    func wordsSaidAgainAfterAPauseAreSaidOnce(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
    }

    @Test func aRestartThatSaysMoreIsReadFromTheRestart() {
        let match = understand("got an idea, an idea for CodingBridge, a widget that shows the tide times")
        #expect(match?.intent.id == "codingbridge.CaptureIdeaIntent")
        #expect(match?.slots["idea"] == .text("a widget that shows the tide times"))
    }

    /// Kiwi and Canadian "eh" is a hesitation: said last it goes, and "eh no" corrects as "uh, no" does.
    @Test func ehIsAHesitation() {
        #expect(understand("Nagz, chores nag for Manaia eh")?.slots["recipient"] == .entity("Manaia"))
        let corrected = understand("Nagz, set one homework nag for my son, eh no, my daughter Wen Hui")
        #expect(corrected?.slots["recipient"] == .entity("Wen Hui"))
    }
}
