import Testing
import Understanding

/// Transcripts as a speech recogniser writes them: words said twice, "p m" in letters, an
/// app name that is also a word in the middle of the request.
@Suite struct RecogniserTranscriptTests {
    @Test(arguments: [
        ("remind remind jake to take out the trash by 7 pm", "nagz.CreateNagIntent"),
        ("analyze analyze my moods in mood bored please", "moodboard.AnalyzeMoodIntent"),
        ("run um run tests in code bridge", "codingbridge.RunCommandIntent"),
    ])
    func aWordSaidTwiceIsSaidOnce(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func theRepeatedWordLeavesTheNameAlone() {
        #expect(understand("remind remind jake to take out the trash")?.slots["recipient"] == .entity("jake"))
    }

    @Test func pmInLettersAfterANumberIsATime() {
        let match = understand("remind marcus to feed the dog by five p m")
        #expect(match?.slots["description"] == .text("feed the dog"))
        #expect(match?.slots["dueAt"] != nil)
    }

    @Test func anAppNameThatIsAWordCountsBeforeWhatTheRequestGoesOnWith() {
        let match = understand("make a new nag in nags for marcus to feed the dog")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("marcus"))
        #expect(understand("how is the family doing in nags this week")?.intent.id == "nagz.FamilyStatusIntent")
    }

    @Test func feedingThePetsIsAChore() {
        #expect(understand("remind Ava to feed the cat")?.slots["category"] == .enumCase("chores"))
    }

    @Test(arguments: [
        ("ugh push that nag back a quarter of an hour", "nagz.SnoozeNagIntent"),
        ("so like log my mood as tired", "moodboard.AddMoodIntent"),
        ("oof what's overdue in nagz", "nagz.CheckOverdueIntent"),
    ])
    func aSoundBeforeTheRequestIsNotPartOfIt(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func aContractionWrittenWithoutItsApostropheIsSpeltOut() {
        #expect(understand("howd the family do this week")?.intent.id == "nagz.FamilyStatusIntent")
        #expect(understand("is there stuff i was supposed to finish by now")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func anAppNamedBeforeIsThereAsksItAQuestion() {
        #expect(understand("nags is there stuff i was supposed to finish by now")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func aSecondRequestRunOnToTheFirstEndsIt() {
        #expect(understand("how did the family do on nags this week give me the numbers")?.intent.id == "nagz.FamilyStatusIntent")
    }

    @Test func aRequestAfterSevenWordsOfLeadUpIsFound() {
        let match = understand("ethan has the orthodontist at four fifteen thursday set up an appointments nag for him in nags")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["category"] == .enumCase("appointments"))
    }

    @Test func aThinkingLevelSaidWithoutItsPrepositionBeforeThePromptIsTheLevel() {
        let match = understand("ask oppy high thinking um figure out why the websocket keeps dropping")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["thinking"] == .enumCase("high"))
        #expect(understand("ask opi with like medium thinking to clean up the dead code")?.slots["thinking"] == .enumCase("medium"))
    }

    /// The next sentence a recogniser ran on without a stop, a subject and its verb told in the
    /// past, is no part of the request.
    @Test(arguments: [
        ("moodboard log sad today three patients cancelled and it rained all day", "moodboard.AddMoodIntent"),
        ("nagz snooze the nag 25 minutes the decanter is jammed again", "nagz.SnoozeNagIntent"),
        ("nagz snooze the nag 25 minutes the boss came in", "nagz.SnoozeNagIntent"),
        ("nagz what chores nags are left the woodpile down cellar is still a mess", "nagz.ListNagsIntent"),
        ("moodboard how were my moods this month the river was too high", "moodboard.AnalyzeMoodIntent"),
        ("nagz read me out the chores nags theres still a heap of apples by the press", "nagz.ListNagsIntent"),
        ("codingbridge carry on where claude and me left off about the label for the cider", "codingbridge.ResumeSessionIntent"),
        ("pick up where I left off with Claude on the porter weights law, we stopped halfway", "codingbridge.ResumeSessionIntent"),
        ("codingbridge go back in wi claude on the fleece prices magnie says the buyer wants an answer", "codingbridge.ResumeSessionIntent"),
        ("codingbridge check plank-stock for uncommitted changes zawadi is updating the prices", "codingbridge.GitStatusIntent"),
        ("nagz read out my chores nags moira says I've not done the bins", "nagz.ListNagsIntent"),
        ("moodboard how have my moods been this month hii jam ya thika road imenimaliza", "moodboard.AnalyzeMoodIntent"),
    ])
    func aSentenceRunOnAfterTheRequestIsNoPartOfIt(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// A code name is where a request to a project or workspace may end when the recogniser ran
    /// the next sentence on after it.
    @Test func aCodeNameEndsARequestRunOnAfterIt() {
        let match = understand("codingbridge open ger-camp-quotes the terelj people want a new price")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("ger-camp-quotes"))
    }

    /// A code name said first, with no pause after it, is what a word of the request points back to.
    @Test func aCodeNameSaidFirstWithoutAPauseFillsTheValueItPointsTo() {
        let match = understand("codingbridge route-44-times open it up the new timetable's startin monday")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("route-44-times"))
    }

    /// One word the vocabulary does not know, said after a request to someone or as a tag, before
    /// a pause or a sentence the recogniser ran on, is no part of the request.
    @Test(arguments: [
        "nagz show me my nags maze i'm hanging on the door here",
        "Nagz, show me my nags nga, ano ba yung mga naka-pending",
    ])
    func aWordSaidAfterTheRequestToSomeoneIsNoPartOfIt(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.ListNagsIntent")
    }

    /// "Kamau says" begins the sentence run on: the name is no part of the project's.
    @Test func aNameThatTellsWhatWasSaidIsNoPartOfTheValueBefore() {
        let match = understand("CodingBridge run the tests for matatu-loans Kamau says the interest is coming out wrong")
        #expect(match?.slots["project"] == .entity("matatu-loans"))
    }

    /// A told sentence's subject and verb are said without a pause between them: "open sap-lines,
    /// the boss said so" runs no sentence on from "open".
    @Test func aToldSentenceDoesNotRunAcrossAPause() {
        #expect(understand("CodingBridge sing open sap-lines, the boss said so")?.slots["project"] != .entity("sing"))
    }

    /// A word of another language said right after the app, then the request: a false start.
    @Test func aWordOfAnotherLanguageAfterTheAppIsAFalseStart() {
        let match = understand("CodingBridge ouvre uh open sap-lines Réjean says there's a leak on the north slope")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("sap-lines"))
    }

    /// The one name written as code, said in a sentence before the request that points back to it.
    @Test func aCodeNameSaidBeforeTheRequestFillsTheValueItPointsTo() {
        let match = understand("The invoices are all in billing-export. CodingBridge, open that project for me.")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("billing-export"))
    }

    /// "a nag that is overdue" goes on describing the nag: no sentence of its own starts there.
    @Test func aClauseAboutTheRequestsThingIsNoSentenceOfItsOwn() {
        #expect(understand("please check, I have some nag that is overdue?")?.intent.id != "nagz.ListNagsIntent")
    }

    /// An app addressed after a lead-up the recogniser ran into the request, with no pause.
    @Test(arguments: [
        ("customer dey price my tomatoes now nagz shift that nag 30 minutes abeg", "nagz.SnoozeNagIntent"),
        ("today sell finish all the chicken rice by 1 o'clock shiok moodboard put happy for me then i go home sleep already",
         "moodboard.AddMoodIntent"),
    ])
    func anAppAddressedAfterALeadUpWithoutAPauseBeginsTheRequest(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// Not when a word before the app attaches it or tells of it.
    @Test(arguments: ["the new layout of the nagz app looks tidy", "I already asked oppi to fix the build", "my sister she use Oppi for the work"])
    func anAppToldOfInsideASentenceIsNotAddressed(_ text: String) {
        #expect(understand(text) == nil)
    }

    /// The app named after the request, with more said after it and no pause: the request ends at the app.
    @Test func anAppNamedAfterTheRequestEndsItBeforeWhatIsRunOn() {
        let match = understand("what chores nags have i got nagz the wife says theres a list as long as your arm")
        #expect(match?.intent.id == "nagz.ListNagsIntent")
        #expect(match?.slots["category"] == .enumCase("chores"))
    }

    /// "then I …", or more said after a word to the listener ("ah", "lah"), is no part of the request.
    @Test(arguments: [
        ("moodboard put happy for me then i go home", "moodboard.AddMoodIntent"),
        ("nagz got anything overdue or not ah the lunch crowd just finish", "nagz.CheckOverdueIntent"),
    ])
    func whatFollowsThenOrAWordToTheListenerIsNoPartOfTheRequest(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// "the old one is full": "one" ends the words before it, so the told clause begins there.
    @Test func oneBeginsNoToldSubjectOfItsOwn() {
        let match = understand("oppi new session in sprint-board the old one is full of last quarters stuff")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("sprint-board"))
    }
}
