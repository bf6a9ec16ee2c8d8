import Testing
import Understanding

/// What the user turns down beside what they ask for ("not X, I mean Y", ", not Dad,", ", but
/// not as happy,") is taken out; a limit before an amount leaves the amount.
@Suite struct NegatedAlternativeTests {
    @Test func aFirstClauseTurningSomethingDownIsLeftOut() {
        #expect(understand("not my own nags, I mean how the whole family is doing this week")?.intent.id == "nagz.FamilyStatusIntent")
        #expect(understand("rather than the trends, what's my current mood")?.intent.id == "moodboard.GetCurrentMoodIntent")
        #expect(understand("instead of a new session, ask Oppi to rerun the tests")?.intent.id == "oppi.AskPiIntent")
    }

    @Test func anAsideTurningSomeoneDownLeavesTheRequestWhole() {
        let match = understand("remind me, not Dad, to renew the car insurance before Friday")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("me"))
        #expect(match?.slots["description"] == .text("renew the car insurance"))
    }

    @Test func aValueTurnedDownFillsNoSlot() {
        let match = understand("log my mood, but not as happy, more like buzzing and full of energy")
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["category"] == .enumCase("energetic"))
    }

    @Test(arguments: [
        ("snooze it, but no longer than twenty minutes", 20), ("snooze the bins nag for at most ten minutes", 10),
        ("hold off on my tablets nag for not more than half an hour", 30),
    ])
    func aLimitBeforeAnAmountLeavesTheAmount(_ utterance: String, _ minutes: Int) {
        let match = understand(utterance)
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(minutes))
    }

    @Test func anAmountSaidFirstIsReadAfterTheRequest() {
        let match = understand("not an hour, just half an hour, hold off on the homework reminder")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(30))
        #expect(understand("twenty minutes, snooze my meds nag")?.slots["minutes"] == .minutes(20))
    }

    @Test func anAmountSaidFirstStaysOutOfTextAfterIt() {
        let match = understand("twenty minutes, remind me to call mum")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["description"] == .text("call mum"))
    }
}
