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

    @Test(arguments: [
        "CodingBridge, what's the difference between merge and rebase on a git branch",
        "CodingBridge, explain what a git rebase does to my branch",
        "CodingBridge, is it better to commit often in a project",
        "CodingBridge, can you continue the refactor of the session code",
        "CodingBridge, why are there uncommitted changes in my project",
    ])
    func aQuestionAboutCodeThatSharesTheWordsOfAnotherIntentStaysAChat(_ text: String) {
        #expect(understand(text)?.intent.id == "codingbridge.QuickChatIntent")
    }

    @Test func aChatAskedForByItsOwnWordsIsNotSecondGuessed() {
        #expect(understand("chat with CodingBridge about reopening the last session")?.intent.id == "codingbridge.QuickChatIntent")
    }
}
