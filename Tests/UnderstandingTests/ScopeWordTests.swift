import Testing
import Understanding

/// "every", "each" and "both" say scope, as "all" does: the request reads without them, and
/// free text keeps them.
@Suite struct ScopeWordTests {
    @Test(arguments: [
        ("list every meds nag I've got", "nagz.ListNagsIntent"), ("have both kids kept on top of their nags this week?", "nagz.FamilyStatusIntent"),
        ("read out each of my appointment nags, one at a time", "nagz.ListNagsIntent"),
    ])
    func aScopeWordLeavesTheRequest(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func everyOneOfThemIsThemNotANumber() {
        let match = understand("snooze every one of them for twenty minutes")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
    }

    @Test func freeTextKeepsItsScopeWord() {
        #expect(understand("mark the trash nag done. note: both bins out.")?.slots["note"] == .text("both bins out"))
        #expect(understand("remind Sam to water every plant on Sunday")?.slots["description"] == .text("water every plant"))
    }
}
