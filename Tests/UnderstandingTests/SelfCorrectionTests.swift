import Testing
import Understanding

/// "X, no wait, Y": a spoken correction replaces the phrase of the same kind said before it.
@Suite struct SelfCorrectionTests {
    @Test func aCorrectedNameReplacesTheNameAfterTheSamePreposition() {
        let match = understand("make a nag for Jake, no sorry, for Ava to feed the cat")
        #expect(match?.slots["recipient"] == .entity("Ava"))
        #expect(match?.slots["description"] == .text("feed the cat"))
    }

    @Test func aCorrectedAmountReplacesTheAmount() {
        let match = understand("snooze my nag forty five, no wait, ninety minutes")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(90))
    }

    @Test func aCorrectedWordReplacesTheClauseBeforeIt() {
        #expect(understand("log my mood as, hmm, tired, no, wiped out")?.slots["title"] == .text("wiped out"))
    }

    @Test func aNoThatRunsOnIsContent() {
        let match = understand("remind Sam to put his phone away, no screens after nine")
        #expect(match?.slots["description"] == .text("put his phone away, no screens after nine"))
    }
}
