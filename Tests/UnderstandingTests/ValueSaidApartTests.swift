import Testing
import Understanding

/// A value said before its request with a word pointing back to it, or after it with words that
/// say what it is, fills the parameter the request leaves unsaid.
@Suite struct ValueSaidApartTests {
    @Test(arguments: [
        ("budget-tracker. Open it in CodingBridge", "codingbridge.OpenProjectIntent", "project", "budget-tracker"),
        ("edge-proxy — open a new Oppi session on that one", "oppi.OpenNewSessionIntent", "workspace", "edge-proxy"),
        ("the home-lab workspace, fresh Oppi chat in there please", "oppi.OpenNewSessionIntent", "workspace", "home-lab"),
    ])
    func aValueSaidFirstTakesThePlaceOfTheWordPointingBack(_ text: String, _ intent: String, _ slot: String, _ value: String) {
        let match = understand(text)
        #expect(match?.intent.id == intent)
        #expect(match?.slots[slot] == .entity(value))
    }

    @Test func anAmountSaidFirstIsWhatThatLongMeans() {
        let match = understand("five minutes. Snooze my inhaler nag for that long")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(5))
    }

    @Test func anAppAddressedFirstStaysFirst() {
        #expect(understand("MoodBoard, the mood I'm down as right now, what is it")?.intent.id == "moodboard.GetCurrentMoodIntent")
    }

    @Test(arguments: [
        ("open a project in CodingBridge, it's called tide-charts", "project", "tide-charts"),
        ("check the git status for me, the project's called chess-clock", "project", "chess-clock"),
    ])
    func aValueSaidAfterWithWhatItIsFillsThatParameter(_ text: String, _ slot: String, _ value: String) {
        #expect(understand(text)?.slots[slot] == .entity(value))
    }

    @Test func aValueWithItsLabelAfterTheAppAddressedIsLeftOutOfThePrompt() {
        let match = understand("Oppi, home-lab workspace, bump the node version")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["workspace"] == .entity("home-lab"))
        #expect(match?.slots["prompt"] == .text("bump the node version"))
    }

    @Test func aValueSaidFirstWithItsLabelFillsTheParameterTheLabelNames() {
        let match = understand("the billing-gateway workspace — get Oppi to update the readme")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["workspace"] == .entity("billing-gateway"))
        #expect(match?.slots["prompt"] == .text("update the readme"))
    }

    @Test func aPointingWordRightAfterThePauseLeavesTheRequestAsSaid() {
        let match = understand("set up a nag for Zara, it's her allergy pills, every morning at seven")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("Zara"))
    }

    @Test(arguments: ["the billing-service project is a mess", "budget-tracker. I keep forgetting about it"])
    func aValueTalkedAboutAsksNothing(_ text: String) {
        #expect(understand(text) == nil)
    }

    @Test func aValueWithItsLabelInsideThePromptFillsTheParameterAndLeavesThePrompt() {
        let match = understand("ask Oppi to cache the thumbnails in the photo-vault workspace, scrolling stutters on old phones")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["workspace"] == .entity("photo-vault"))
        #expect(match?.slots["prompt"] == .text("cache the thumbnails, scrolling stutters on old phones"))
    }

    @Test func aLabelBeforeItsValueInsideThePromptFillsTheParameterAndLeavesThePrompt() {
        let match = understand("Oppi, I have a question in the workspace lesson-planner: why are Saturdays counted twice?")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["workspace"] == .entity("lesson-planner"))
        #expect(match?.slots["prompt"] == .text("why are Saturdays counted twice"))
    }

    @Test func aValueWithItsLabelInsideThePromptBeforeSoFillsTheParameter() {
        let match = understand("tell Oppi to fix the list in the shop-prices workspace so the bread is cheaper")
        #expect(match?.slots["workspace"] == .entity("shop-prices"))
        #expect(match?.slots["prompt"] == .text("fix the list so the bread is cheaper"))
    }

    @Test func aValueWithItsLabelAsASentenceAfterTheRequestFillsTheParameter() {
        #expect(understand("new Oppi session, flight-logbook workspace")?.slots["workspace"] == .entity("flight-logbook"))
    }

    @Test func aNameSaidToTheAppAfterTheRequestIsNotAChat() {
        #expect(understand("open my shop website in the coding app, CodingBridge, it's called crumb and co")?.intent.id
            == "codingbridge.OpenProjectIntent")
    }

    @Test func aValueWithItsLabelFillsTheParameterOfAnIntentHeardByItsGist() throws {
        let intent = try #require(Fixtures.catalog.intent(id: "codingbridge.GitStatusIntent"))
        #expect(Fixtures.matcher.labelledValues(in: "any uncommitted stuff knocking about in the billing-api project, git wise", for: intent)
            == ["project": .entity("billing-api")])
    }

    @Test func aLabelNamingNoParameterOfTheGistsIntentFillsNothing() throws {
        let intent = try #require(Fixtures.catalog.intent(id: "codingbridge.GitStatusIntent"))
        #expect(Fixtures.matcher.labelledValues(in: "anything uncommitted in the billing-api workspace", for: intent).isEmpty)
    }

    @Test func aPlaceInsideThePromptWithoutItsLabelStaysInThePrompt() {
        let match = understand("ask Oppi to cache the thumbnails in the gallery view, scrolling stutters on old phones")
        #expect(match?.slots["workspace"] == nil)
    }

    @Test func aNameSaidAfterItsLabelIsTheName() {
        #expect(understand("CodingBridge, run the lint command for my project chess-clock")?.slots["project"] == .entity("chess-clock"))
    }

    @Test func aNameSaidAfterItsLabelAndCalledIsTheName() {
        let match = understand("start a new session in Oppi, in the workspace called tax-returns")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("tax-returns"))
    }

    @Test func aValueWithItsLabelAfterAnAsideFillsARequestWithoutFreeText() {
        let match = understand("check the git status, whatever that may be, on the family-tree project in CodingBridge")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("family-tree"))
    }

    /// "family-tree" reads as "family" and "tree", a word of the catalog: the part is no label.
    @Test func aWordReadAsItsPartsIsNoLabel() {
        #expect(understand("check the git status, as you do, on the family-tree project")?.slots["project"] == .entity("family-tree"))
    }

    @Test(arguments: [
        ("CodingBridge, on station-roster, kick off the tests", "codingbridge.RunCommandIntent", "station-roster"),
        ("CodingBridge, in auction-clock, are there changes that I have not committed yet?", "codingbridge.GitStatusIntent", "auction-clock"),
        ("CodingBridge, group-itinerary: anything not committed?", "codingbridge.GitStatusIntent", "group-itinerary"),
    ])
    func aHyphenatedNameSaidFirstWithoutALabelFillsTheEntity(_ text: String, intent: String, project: String) {
        let match = understand(text)
        #expect(match?.intent.id == intent)
        #expect(match?.slots["project"] == .entity(project))
    }

    /// After a lead-up, the app addressed, then the value and the request pointing back to it,
    /// with Nigerian Pidgin's "am" for "it".
    @Test func aValueSaidFirstAfterTheAppAddressedLaterIsPointedBackTo() {
        let match = understand("Chinedu wan see the new prices so, CodingBridge, fabric-stock, open am for me")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("fabric-stock"))
    }

    /// "there" said alone for a place stands for "in" and the value said first.
    @Test func thereSaidAloneIsInTheValueSaidFirst() {
        let match = understand("lake-depths, CodingBridge, I need the tests run there, the app said two metres")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["project"] == .entity("lake-depths"))
    }

    /// A capitalised name is a person addressed, not a project: it fills nothing.
    @Test func aNameSaidFirstWithoutAHyphenFillsNothing() {
        let match = understand("CodingBridge, Marlon, run the tests")
        #expect(match?.slots["project"] == nil)
    }

    @Test(arguments: [
        "Oppi, in the bulb-stock workspace I would like a fresh session",
        "Oppi, in bulb-stock workspace, give me one new session, this old one is confusing me",
    ])
    func aRequestAfterALabelledValueIsNoPromptForTheApp(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("bulb-stock"))
    }

    /// A request that reads with the value in the pointing word's place is more than the app's
    /// catch-all chat of the words as said.
    @Test func aValuePointedBackToBeatsTheAppsChat() {
        let match = understand("CodingBridge, rink-signup: what's the git status on it?")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("rink-signup"))
    }

    /// Heard by its gist, a request is about a name written as code said first.
    @Test func aCodeNameOpeningARequestHeardByItsGistIsItsValue() {
        let match = understand("CodingBridge, crew-schedule get changes not committed? I was messing with it at lunch.")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("crew-schedule"))
    }

    /// A name written as code, said last on its own, is the value the request leaves unsaid.
    @Test func aCodeNameSaidLastOnItsOwnIsTheValue() {
        let match = understand("Oppi, new session, recall-list.")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("recall-list"))
    }

    /// The clause after the app points back to what was said before it: that clause is the
    /// request, not what the words before the app would ask on their own.
    @Test func aClauseAfterTheAppThatPointsBackIsTheRequest() {
        let text = "The chat with Claude just now, CodingBridge, continue that one can or not? We only half-way."
        #expect(understand(text)?.intent.id == "codingbridge.ResumeSessionIntent")
    }

    /// A later sentence that opens with a name written as code holds the value a word after it
    /// points back to, before anything said earlier.
    @Test func aCodeNameOpeningALaterSentenceIsWhatItPointsTo() {
        let match = understand("Eish, the new fares start Monday. rank-queue, CodingBridge, open it for me.")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("rank-queue"))
    }

    /// A name said first in its own sentence is pointed back to from the next, "'s" left off, and
    /// "that" before what it is to be made points back too.
    @Test(arguments: [
        ("squad-loads. CodingBridge, get it open for me", "squad-loads"),
        ("catch-ledger, that's the one the harbourmaster wants. CodingBridge, get that open for me.", "catch-ledger"),
        ("rehab-timer's been beeping at the wrong minute all week, so CodingBridge, would you run the tests on it?", "rehab-timer"),
    ])
    func aNameSaidInTheSentenceBeforeIsPointedBackTo(_ text: String, _ project: String) {
        #expect(understand(text)?.slots["project"] == .entity(project))
    }
}
