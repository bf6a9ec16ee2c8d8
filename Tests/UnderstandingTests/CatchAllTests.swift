import Testing
import Understanding

/// "CodingBridge, {message}" reads anything said to the app as a chat. A request to the app
/// in words no phrasing knows is not a chat when it holds the gist of another of its intents.
@Suite struct CatchAllTests {
    @Test(arguments: [
        "CodingBridge, bring me back into that last session I had going",
        "CodingBridge, fetch me back into yesterday's session, the one about caching",
    ])
    func aRequestToResumeInOtherWordsResumes(_ text: String) {
        #expect(understand(text)?.intent.id == "codingbridge.ResumeSessionIntent")
    }

    @Test func aQuestionAboutUncommittedWorkChecksGitStatusWithTheProjectLabelled() {
        let match = understand("CodingBridge, on the harbour-map project, have I got changes sitting there that were never committed?")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("harbour-map"))
    }

    @Test func aRequestToGoIntoARepoInOtherWordsOpensTheProjectTheRepoNames() {
        let match = understand("CodingBridge, I'd like to poke about in the tide-tables repo for a bit")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("tide-tables"))
    }

    @Test func aProjectSaidAfterTheAndBeforeItsLabelIsTheProject() {
        let match = understand("CodingBridge, has the ward-rounds-app project got uncommitted changes lying about?")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("ward-rounds-app"))
    }

    @Test func aProjectSaidAfterItsLabelIsTheProject() {
        let match = understand("CodingBridge, in the project casa-nova, have some change that I didn't commit still?")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("casa-nova"))
    }

    @Test func theClauseThatAsksIsHeardWhenAnAfterthoughtKeepsTheWholeAChat() {
        let match = understand("CodingBridge, fire up the build on spoor-tracker now-now, Sipho's been waiting on the fix since the morning drive")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
    }

    @Test func theSentencesThatAskAreHeardWithoutTheAsideAroundThem() {
        let match = understand(
            "CodingBridge, my son told me to ask this: in the quiz-night project, is there anything not committed yet? I don't know what it means.")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("quiz-night"))
    }

    @Test(arguments: [
        "CodingBridge, I'm stuck. Can you look at the changes I committed to my project yesterday and tell me what broke?",
        "CodingBridge, what's the difference between merge and rebase on a git branch",
        "CodingBridge, explain what a git rebase does to my branch",
        "CodingBridge, is it better to commit often in a project",
        "CodingBridge, can you continue the refactor of the session code",
        "CodingBridge, why are there uncommitted changes in my project",
    ])
    func aQuestionAboutCodeThatSharesTheWordsOfAnotherIntentStaysAChat(_ text: String) {
        #expect(understand(text)?.intent.id == "codingbridge.QuickChatIntent")
    }

    @Test func aRequestAfterALeadInIsAskedOfTheAppSaidFirst() {
        let match = understand("CodingBridge, for the invoice-parser project, run the smoke suite, then tell me what fails.")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["command"] == .entity("smoke suite"))
        #expect(match?.slots["project"] == .entity("invoice-parser"))
    }

    @Test func aClauseAskingAnotherAppIsThatAppsRequestNotTheFirstApps() {
        #expect(understand("Oppi — what's overdue in Nagz?")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func aRequestBeforeTheAppIsTheRequestWhenWhatFollowsTheAppIsOnlyAChat() {
        let match = understand("Run the lint script on invoice-parser for me, CodingBridge, the review is in ten minutes.")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["project"] == .entity("invoice-parser"))
    }

    @Test func anIdeaKeptInOtherWordsIsCapturedAndItsTextAskedFor() {
        let match = understand("CodingBridge, squirrel this idea for me: a widget that shows the tide times")
        #expect(match?.intent.id == "codingbridge.CaptureIdeaIntent")
    }

    @Test func aQuestionAboutAnIdeaStaysAChat() {
        #expect(understand("CodingBridge, what do you think of this idea: a cache in front of the API")?.intent.id == "codingbridge.QuickChatIntent")
    }

    @Test func anIdeaGistIsNotHeardWhenNothingAddressedTheApp() {
        #expect(Fixtures.catalog.intent(gistOf: "what a great idea that was") == nil)
        #expect(Fixtures.catalog.intent(gistOf: "can you believe that idea") == nil)
    }

    @Test func aChatAskedForByItsOwnWordsIsNotSecondGuessed() {
        #expect(understand("chat with CodingBridge about reopening the last session")?.intent.id == "codingbridge.QuickChatIntent")
    }

    /// A request to an app that only its catch-all read, or that opens with a thing named with a
    /// determiner, is the app's other intent whose gist it holds.
    @Test(arguments: [
        ("Oppi, hostel-mess-menu mein ek new session start kar do, purana wala full ho gaya hai", "oppi.OpenNewSessionIntent"),
        ("CodingBridge, fest-registrations mein kuch uncommitted changes hai kya? Kabir was editing it last night.", "codingbridge.GitStatusIntent"),
        ("CodingBridge, the chat with Claude about the sleep regression, Theo, off the table, now, carry on with that one",
         "codingbridge.ResumeSessionIntent"),
    ])
    func aRequestTheCatchAllReadIsTheIntentItsGistHolds(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// A question or a problem about a new session is still a prompt for Oppi.
    @Test func aQuestionAboutANewSessionStaysAPrompt() {
        #expect(understand("Oppi, why does my new session keep crashing")?.intent.id == "oppi.AskPiIntent")
    }
}
