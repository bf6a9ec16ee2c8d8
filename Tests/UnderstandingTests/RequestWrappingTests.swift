import Testing
import Understanding

/// What people wrap a request in, at either end.
@Suite struct RequestWrappingTests {
    @Test(arguments: ["could I get Nagz to pester Oliver about the dishes", "have Nagz remind Oliver about the dishes"])
    func anAppMadeToDoTheRequestIsTheAppNamed(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("Oliver"))
    }

    @Test(arguments: [
        "would it be possible to mark my homework nag as complete", "I was wondering if you could mark my homework nag as complete",
        "do you think you could mark my homework nag as complete", "is possible to mark my homework nag as complete",
    ])
    func aPoliteLeadInIsNotPartOfTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test(arguments: [
        "reckon you could snooze that nag for twenty minutes", "kindly do the needful and snooze that nag for twenty minutes",
        "please to snooze that nag for twenty minutes", "would you mind terribly snoozing that nag for twenty minutes",
        "any chance you'd snooze that nag for twenty minutes",
    ])
    func theMannersOfOtherEnglishesAreNotPartOfTheRequest(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
    }

    @Test(arguments: [
        "wouldn't hurt to check git status in CodingBridge", "no harm in checking git status in CodingBridge",
        "what if we checked git status in CodingBridge", "I don't suppose you could check git status in CodingBridge",
        "would it be too much trouble to check git status in CodingBridge", "could you maybe check git status in CodingBridge",
        "mind checking git status in CodingBridge",
    ])
    func aRequestPutIndirectlyIsTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "codingbridge.GitStatusIntent")
    }

    @Test(arguments: [
        ("you couldn't open jiri-ios in CodingBridge, could you?", "codingbridge.OpenProjectIntent"),
        ("I'm not behind on anything, am I?", "nagz.CheckOverdueIntent"),
    ])
    func aQuestionTagAfterAPauseIsNotPartOfTheRequest(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func aPastTenseBeginsNoRequest() {
        #expect(understand("executed the deploy command in CodingBridge") == nil)
        #expect(understand("what if we executed the deploy command in CodingBridge")?.intent.id == "codingbridge.RunCommandIntent")
    }

    @Test func anAppNameThatIsAlsoAWordNamesTheAppBeforeARequestWord() {
        let match = understand("nags remind Ava about her dentist appointment tomorrow at 3:15")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("Ava"))
    }

    @Test func anAsideAfterTheRequestIsLeftOut() {
        let match = understand("Fire up a fresh pi session in the oppi-dev workspace, I'll type the prompt myself")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("oppi-dev"))
    }

    @Test func asidesAtBothEndsAreLeftOut() {
        let match = understand("Good morning, dear. Could you tell me what my mood is at the moment? Thank you so much.")
        #expect(match?.intent.id == "moodboard.GetCurrentMoodIntent")
    }

    @Test func textingShorthandReadsAsTheWords() {
        #expect(understand("yo chat w codingbridge, why does my python script keep crashing")?.intent.id == "codingbridge.QuickChatIntent")
        #expect(understand("find css flexbox in my chats rn")?.slots["query"] == .text("css flexbox"))
    }

    @Test func aRequestTheRecogniserRanOnIntoAnotherSentenceEndsThere() {
        #expect(understand("reopen my last codingbridge chat i was in the middle of smth")?.intent.id == "codingbridge.ResumeSessionIntent")
        #expect(understand("yo run lint in codingbridge pls my pr keeps failing")?.slots["command"] == .entity("lint"))
        #expect(understand("open my-portfolio in codingbridge lemme fix the navbar")?.slots["project"] == .entity("my-portfolio"))
    }

    @Test func youCanIsALeadIn() {
        #expect(understand("The dishwasher's emptied, you can tick that one off")?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test func readItOutAndTellMeAreSignOffs() {
        #expect(understand("how am I feeling according to mood board read it out")?.intent.id == "moodboard.GetCurrentMoodIntent")
        #expect(understand("whats changed in my code just tell me dont open anything")?.intent.id == "codingbridge.GitStatusIntent")
    }

    @Test func tellMeAfterToStaysTheRequest() {
        #expect(understand("remind Sam to tell me")?.slots["description"] == .text("tell me"))
    }

    @Test func openingAnAppAddressesIt() {
        #expect(understand("open mood board and run the analysis on my moods")?.intent.id == "moodboard.AnalyzeMoodIntent")
    }

    @Test func anAppNameThatIsAlsoAWordNamesTheAppBeforeAPause() {
        let match = understand("mark my nag done in nags, note had to order a new filter first")
        #expect(match?.intent.id == "nagz.CompleteNagIntent")
        #expect(match?.slots["note"] == .text("had to order a new filter first"))
    }

    @Test func aCapitalisedNameStopsAtAKnownWord() {
        let match = understand("new chores nag for Theo take the bins out")
        #expect(match?.slots["recipient"] == .entity("Theo"))
        #expect(match?.slots["description"] == .text("take the bins out"))
    }

    @Test func aPossessiveNameRunsOnToWhatItOwns() {
        #expect(understand("tick off Sophie's homework nag, note: she finished the essay")?.slots["nag"] == .entity("Sophie's homework"))
    }

    @Test func aHedgeAfterTheRequestIsLeftOut() {
        #expect(understand("Can you snooze that reminder for a bit, maybe")?.intent.id == "nagz.SnoozeNagIntent")
        #expect(understand("Is anything of mine overdue, I guess")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func whatARequestCameAfterIsNotPartOfIt() {
        #expect(understand("Log that I'm feeling completely wiped out after that sprint")?.intent.id == "moodboard.AddMoodIntent")
        #expect(understand("happy mood after that run on moodboard")?.intent.id == "moodboard.AddMoodIntent")
    }

    @Test(arguments: ["I am wanting to log my mood", "I'm hoping to log my mood", "I was hoping you could log my mood"])
    func wantingSaidInTheProgressiveIsNotPartOfTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "moodboard.AddMoodIntent")
    }

    @Test(arguments: ["what's overdue, mate?", "what's overdue, love", "what's overdue, my friend"])
    func someoneCalledAfterAPauseIsNotPartOfTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func aWordForSomeoneWithoutAPauseStaysInTheRequest() {
        #expect(understand("log my mood as love")?.slots["title"] == .text("love"))
    }

    @Test(arguments: ["have a squiz at my nags", "take a gander at my nags", "have a peek at my nags"])
    func otherEnglishesWordsForLookingAreLooking(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.ListNagsIntent")
    }

    @Test func aSpokenThIsTheWord() {
        let match = understand("Oppi, fire me up a brand new session in da trap-count workspace")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("trap-count"))
    }

    @Test func jamaicanWordsAreTheirEnglish() {
        let match = understand("CodingBridge, run di build pon joinery-quote")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["project"] == .entity("joinery-quote"))
    }

    @Test(arguments: ["MoodBoard, I'm afraid you'd better put me down as sad", "you had better put me down as sad"])
    func sayingWhatHadBetterBeDoneLeadsUpToTheRequest(_ text: String) {
        #expect(understand(text)?.slots["category"] == .enumCase("sad"))
    }

    @Test func aVerbAWordOfAnotherEnglishStandsForKeepsItsOtherForms() {
        #expect(understand("Nagz, mek a homework nag fi Shanice")?.slots["recipient"] == .entity("Shanice"))
        #expect(understand("would you mind making a homework nag for Mia")?.intent.id == "nagz.CreateNagIntent")
    }

    @Test func theFilipinoPaBeforeAVerbAsksForIt() {
        let match = understand("Pa-open naman po the shift-swap project in CodingBridge")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("shift-swap"))
    }

    @Test func aSinglishParticleIsNoPartOfTheValue() {
        let match = understand("Oppi, the stall-menu workspace, start new session for me lah")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("stall-menu"))
    }

    @Test func nowSaidAsAtTheMinuteAfterAPrepositionIsNotPartOfTheRequest() {
        #expect(understand("what nags have I got on at the minute")?.intent.id == "nagz.ListNagsIntent")
    }

    @Test(arguments: ["my current mood is what?", "MoodBoard, my current mood is what?"])
    func aQuestionAskedInPlaceIsTheQuestion(_ text: String) {
        #expect(understand(text)?.intent.id == "moodboard.GetCurrentMoodIntent")
    }

    @Test(arguments: [
        "list my appointments nags for this week", "what's the family completion rate this week in Nagz",
        "how many nags are overdue by more than a day",
    ])
    func aPeriodAfterARequestWithNoRoomForItLeavesTheRequest(_ text: String) {
        #expect(understand(text)?.intent.app == "nagz")
    }

    @Test func aPointInTimeAfterDoneIsNotLeftOut() {
        #expect(understand("I'm done for today") == nil)
    }

    @Test func secondWithNothingBeforeItIsAPlaceInAList() {
        #expect(understand("mark the second nag as done")?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test func secondsAfterANumberAreStillALength() {
        #expect(understand("snooze it for 30 seconds")?.intent.id == "nagz.SnoozeNagIntent")
    }

    @Test(arguments: [
        "could you tell me whether anything is overdue in Nagz", "let me know if anything is overdue",
        "can you check whether I'm behind on anything", "Hello dear, could you tell me whether anything is overdue? I can never keep track of it all.",
    ])
    func aYesNoQuestionAskedInsideAnotherIsTheQuestion(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func whetherIHaveNagsListsThem() {
        #expect(understand("could you find out if I have any chores nags")?.slots["category"] == .enumCase("chores"))
    }

    @Test(arguments: [
        "I wonder if you'd be good enough to set a chores nag for Maisie",
        "I'd be most grateful if you could set a chores nag for Maisie",
    ])
    func aCourtesyAfterWonderingLeadsUpToTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.CreateNagIntent")
    }

    @Test(arguments: [
        "I should be rather grateful if you would set a chores nag for Maisie",
        "we'd be ever so grateful if you might set a chores nag for Maisie",
        "might I ask you to set a chores nag for Maisie",
        "could I trouble you to set a chores nag for Maisie",
    ])
    func thanksGivenAheadOrLeaveAskedLeadsUpToTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.CreateNagIntent")
    }

    @Test func listenSaidFirstLeadsUpToTheRequest() {
        #expect(understand("listen, CodingBridge, run the build on fixtures-app, now, whistle's in two.")?.intent.id
            == "codingbridge.RunCommandIntent")
    }

    @Test func askingSoftlyWithIfICouldJustLeadsUpToTheRequest() {
        let match = understand("If I could just have my appointments nags read back to me from Nagz")
        #expect(match?.intent.id == "nagz.ListNagsIntent")
        #expect(match?.slots["category"] == .enumCase("appointments"))
    }

    @Test func anAsideBetweenTwoPausesInsideARequestIsNotPartOfIt() {
        #expect(understand("mark the homework nag, the one for my stats course, as complete")?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test func anAsideInsideAPromptStaysInThePrompt() {
        #expect(understand("ask Oppi to fix the login, the one on staging, before lunch")?.slots["prompt"]
            == .text("fix the login, the one on staging, before lunch"))
    }

    @Test(arguments: ["CodingBridge's session search is a glorified grep", "Oppi's workspaces are a mess"])
    func somethingSaidOfAnAppsOwnThingsIsNoChatWithIt(_ text: String) {
        #expect(understand(text) == nil)
    }

    @Test(arguments: [
        ("tell Oppi, the computer helper one, to fix the price list", "oppi.AskPiIntent", "prompt", "fix the price list"),
        ("get CodingBridge, the coding app, to run the backup command", "codingbridge.RunCommandIntent", "command", "backup"),
    ])
    func aDescriptionOfTheAppBetweenPausesIsNotTheRequest(_ text: String, _ intent: String, _ slot: String, _ value: String) {
        let match = understand(text)
        #expect(match?.intent.id == intent)
        #expect(match?.slots[slot] == .text(value) || match?.slots[slot] == .entity(value))
    }

    @Test func aSettingBetweenPausesAfterTheAppStaysASetting() {
        #expect(understand("ask Oppi, thinking off, to tidy up the imports")?.slots["thinking"] != nil)
    }

    @Test func whoSomeoneIsAtWorkBeforeTheirNameIsNotTheirName() {
        #expect(understand("create a nag for my research assistant, Priyanka, about the ethics appointment")?.slots["recipient"] == .entity("Priyanka"))
    }

    /// British speech says "us" for "me": every pattern's "me" hears it.
    @Test(arguments: [
        ("MoodBoard, put us down as happy", "moodboard.AddMoodIntent"), ("Nagz, give us the family picture", "nagz.FamilyStatusIntent"),
        ("remind us again in ten minutes", "nagz.SnoozeNagIntent"),
    ])
    func usSaidForMeIsMe(_ text: String, intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// Geordie "howay", "us" and "wor", and a Kenyan "ebu", around a request and inside it.
    @Test(arguments: [
        ("Howay Nagz, set us a homework nag for wor Jack, pet, his project's due Monday", "Jack"),
        ("Nagz, ebu put nag for my daughter Chebet, homework", "Chebet"),
    ])
    func regionalWordsAroundANagAreRead(_ text: String, recipient: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity(recipient))
        #expect(match?.slots["category"] == .enumCase("homework"))
    }

    /// Scots "fur", "oot", "pit", "doon" and "naw" read as the words they stand for.
    @Test(arguments: [
        ("nagz a meds nag fur callum he's tae take his inhaler", "nagz.CreateNagIntent"),
        ("nagz read oot my chores nags", "nagz.ListNagsIntent"),
        ("moodboard pit me doon as happy naw wait energetic", "moodboard.AddMoodIntent"),
    ])
    func scotsWordsAreRead(_ text: String, intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// Filipino English: "mo", "nga" and "muna" soften a verb; "sa" is "in", "yung" is "the",
    /// "hanapin" is "find".
    @Test(arguments: [
        ("nagz snooze mo muna one hour", "nagz.SnoozeNagIntent"),
        ("Oppi pare, new session please sa boundary-tracker, yung luma puro January pa", "oppi.OpenNewSessionIntent"),
        ("codingbridge hanapin mo yung chat where claude explained the franchise renewal papers", "codingbridge.SearchSessionsIntent"),
    ])
    func filipinoEnglishWordsAreRead(_ text: String, intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test(arguments: ["I'd be obliged for a new session", "we'd be much obliged if you could start a new Oppi session"])
    func thanksGivenAheadLeadUpToTheRequest(_ text: String) {
        #expect(understand(text)?.intent.id == "oppi.OpenNewSessionIntent")
    }
}
