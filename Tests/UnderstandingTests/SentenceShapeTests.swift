import Testing
import Understanding

/// How the shape of a sentence bounds what the matcher reads: possessives, pronouns that
/// start a clause, an app addressed by a modal verb or dismissed at the end, another app's
/// name used as a name, and the article that starts dictated text.
@Suite struct SentenceShapeTests {
    @Test func aPossessiveReadsAsTheWord() {
        #expect(understand("I want to see how my family's doing")?.intent.id == "nagz.FamilyStatusIntent")
    }

    @Test func aPossessiveNameKeepsItsSpelling() {
        #expect(understand("remind Emma's brother to take out the trash")?.slots["recipient"] == .entity("Emma's brother"))
    }

    @Test func aSubjectPronounEndsAName() {
        let match = understand("new appointment nag for Mia she's got the orthodontist Thursday")
        #expect(match?.slots["recipient"] == .entity("Mia"))
        #expect(understand("remind Sam that he needs to feed the cat")?.slots["recipient"] == .entity("Sam"))
    }

    @Test func anObjectPronounIsNeverAName() {
        let match = understand("remind them to clean up")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == nil)
    }

    @Test func aRequestNamingSomeoneOnlyByAPronounSaysSo() throws {
        let match = try #require(understand("could you bug her about it tomorrow at 5pm"))
        #expect(match.intent.id == "nagz.CreateNagIntent")
        #expect(match.slots["recipient"] == nil)
        #expect(match.namesSomeoneByPronoun)
        #expect(understand("remind Mia about her homework")?.namesSomeoneByPronoun == false)
    }

    @Test func theWordAppAfterAPauseIsNotPartOfTheAppsName() {
        #expect(understand("note this for CodingBridge: my app should sync over iCloud")?.slots["idea"]
            == .text("my app should sync over iCloud"))
    }

    @Test func applicationAndProgramAfterAnAppsNameArePartOfIt() {
        #expect(understand("show me my homework nags in the Nagz application")?.intent.id == "nagz.ListNagsIntent")
    }

    @Test func aWorkspaceBeforeThePromptNeedsNotBeCalledOne() {
        let match = understand("Ask Oppi in api-prod to bisect the flaky checkout test on main")
        #expect(match?.slots["workspace"] == .entity("api-prod"))
        #expect(match?.slots["prompt"] == .text("bisect the flaky checkout test on main"))
    }

    @Test func aModalVerbAddressesTheApp() {
        #expect(understand("Can MoodBoard give me some insights on my moods?")?.intent.id == "moodboard.AnalyzeMoodIntent")
    }

    @Test func notOpeningTheNamedAppIsASignOff() {
        #expect(understand("check git status but don't open CodingBridge")?.intent.id == "codingbridge.GitStatusIntent")
    }

    @Test func anotherAppsNameIsANameOnceThisAppIsNamed() {
        let match = understand("work on the moodboard project in codingbridge")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("moodboard"))
    }

    @Test func anotherAppsNameAloneStillNamesThatApp() {
        #expect(understand("work on the moodboard project") == nil)
    }

    @Test func dictatedSentencesKeepTheirFirstArticle() {
        let match = understand("complete my meds nag with a note saying the pharmacy was closed so I'll go tomorrow")
        #expect(match?.slots["note"] == .text("the pharmacy was closed so I'll go tomorrow"))
    }

    @Test func dictatedSentencesKeepTheirFirstPossessive() {
        #expect(understand("tell Oppi my tests fail on the CI runner")?.slots["prompt"] == .text("my tests fail on the CI runner"))
    }

    @Test func shortTextLosesItsArticle() {
        #expect(understand("find the redis lease discussion in my chats")?.slots["query"] == .text("redis lease discussion"))
    }

    @Test func aSentenceAboutAnAppAfterAnOpeningWordIsNoRequest() {
        #expect(understand("ngl CodingBridge is lowkey carrying my whole computing coursework lol") == nil)
        #expect(understand("honestly Oppi is great") == nil)
    }

    @Test func aWordSaidWithItsGDroppedReadsAsTheWord() {
        let match = understand("is there anythin' not committed in job-sheets")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("job-sheets"))
    }

    @Test func aWordWrittenWithItsHDroppedReadsAsTheWord() {
        let match = understand("CodingBridge, 'as plot-rota got owt not committed?")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("plot-rota"))
    }

    @Test func anApostropheAfterAWordOpensAQuoteNotADroppedH() {
        let match = understand("add a mood called 'as good as it gets'")
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["title"] != .text("has good"))
    }

    @Test func aTWithAnApostropheIsThe() {
        let match = understand("Oppi, start us a new session in t' leek-show workspace")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("leek-show"))
    }

    @Test func whatFollowsIfTheRequestIsNotDoneIsNotPartOfIt() {
        let match = understand("Nagz, so snooze that nag for ten minutes or they'll have my fingers")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(10))
    }
}
