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

    @Test func makeThatAfterTheMarkerIsPartOfIt() {
        let match = understand("snooze the hoovering nag for ten, no wait, make that twenty minutes")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
        #expect(understand("log my mood as tired, no wait, make it exhausted")?.slots["title"] == .text("exhausted"))
    }

    @Test func aNameCorrectedAfterTheRequestTakesTheOldNamesPlace() {
        let match = understand("Remind Leo about meds at 8pm — no, sorry, Mia, not Leo")
        #expect(match?.slots["recipient"] == .entity("Mia"))
        #expect(match?.slots["category"] == .enumCase("meds"))
        #expect(match?.slots["dueAt"] != nil)
    }

    @Test func nahBeforeMakeItCorrects() {
        let match = understand("Nagz, snooze that nag for an hour, nah, make it ninety minutes")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(90))
    }

    @Test func aCorrectedWordAfterTheAppsNameReplacesOnlyTheWordWhenTheClauseWouldLoseTheRequest() {
        let match = understand("MoodBoard, log me as stoked, I mean energetic")
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["title"] == .text("energetic"))
    }

    @Test func aCorrectedWordReplacesTheClauseBeforeIt() {
        #expect(understand("log my mood as, hmm, tired, no, wiped out")?.slots["title"] == .text("wiped out"))
    }

    @Test func aNoThatRunsOnIsContent() {
        let match = understand("remind Sam to put his phone away, no screens after nine")
        #expect(match?.slots["description"] == .text("put his phone away, no screens after nine"))
    }

    @Test(arguments: [
        ("Zoe, no wait, Nina", "Nina"), ("staging, no sorry, notifications-prod", "notifications-prod"),
        ("Zoe, actually Nina", "Nina"), ("Max no wait Ella", "Ella"), ("tomorrow at 5", "tomorrow at 5"),
        ("Sam, no screens after nine", "Sam, no screens after nine"),
    ])
    func anAnswerIsCorrectedByTheSameGrammarAsARequest(_ answer: String, _ meant: String) {
        #expect(SlotParser.selfCorrected(answer) == meant)
    }

    @Test func aCorrectedAnswerIsReplacedFromItsStart() {
        #expect(SlotParser.selfCorrected("the website one, no, oppi-dev") == "oppi-dev")
    }

    @Test func aNameAfterActuallyRestatesTheNameBeforeIt() {
        #expect(understand("remind Zoe, actually Nina, to feed the cat")?.slots["recipient"] == .entity("Nina"))
    }

    @Test func aValueWithItsLabelSaidAgainReplacesTheOneBeforeIt() {
        let match = understand("Oppi, fresh session in the seating-chart workspace, and also, actually no, make it the guest-list workspace instead")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("guest-list"))
    }

    /// "…, no? Kasun says …": a "no" asked as a tag question takes nothing back.
    @Test func aNoAskedTakesNothingBack() {
        let match = understand("CodingBridge, do a fresh build of cut-tracker, no? Kasun says the facet page is blank.")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["project"] == .entity("cut-tracker"))
    }

    /// "no" between two amounts takes the first back without a pause.
    @Test(arguments: [("nagz snooze it ten no fifteen minutes", 15), ("nagz snooze that for twenty no make it thirty minutes", 30)])
    func noBetweenTwoAmountsTakesTheFirstBack(_ text: String, _ minutes: Int) {
        #expect(understand(text)?.slots["minutes"] == .minutes(minutes))
    }
}
