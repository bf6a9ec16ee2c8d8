import Testing
import Understanding

/// Requests shaped as people say them rather than as a phrase is written: an app
/// named in the middle, an aside before the request, an approximate amount,
/// settings after the prompt.
@Suite struct RequestShapeTests {
    @Test func anAppNamedInsideTheRequestQualifiesIt() {
        let match = understand("snooze that Nagz reminder for an hour and a half")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(90))
    }

    @Test func anAppNamedInsideTheRequestTakesItsPrepositionWithIt() {
        let match = understand("I need a new session in oppi for the mobile workspace")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("mobile"))
    }

    @Test func anAppNamedInsideTheRequestStillLimitsItToThatApp() {
        #expect(understand("snooze that Moodboard reminder for ten minutes") == nil)
    }

    @Test func theRequestMayFollowAnAside() {
        #expect(understand("yep did it, tell nagz it's done")?.intent.id == "nagz.CompleteNagIntent")
        #expect(understand("ugh fine, I finished my chores, mark the nag complete")?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test(arguments: [
        "list my meds nags so I can sort the prescriptions",
        "what's overdue so that we can plan the weekend",
    ])
    func aPurposeAfterTheRequestIsLeftOut(_ text: String) {
        #expect(understand(text) != nil)
    }

    @Test func sinceAnEventEndsTheRequestAsSinceADayWouldScopeIt() {
        #expect(understand("how have my moods been since the new job started")?.intent.id == "moodboard.AnalyzeMoodIntent")
        #expect(understand("how have my moods been since monday")?.intent.id == "moodboard.AnalyzeMoodIntent")
    }

    @Test(arguments: [
        "which nags have I got for when I'm back from holiday",
        "what's overdue while we're away at the coast",
    ])
    func aTimeSaidAsAnEventEndsTheRequest(_ text: String) {
        #expect(understand(text) != nil)
    }

    @Test func theOtherAnswerSaidLastLeavesTheQuestion() {
        #expect(understand("is there anything uncommitted in chess-clock or not")?.intent.id == "codingbridge.GitStatusIntent")
        #expect(understand("did I commit everything in chess-clock or nah")?.slots["project"] == .entity("chess-clock"))
    }

    @Test func aPurposeAloneIsNoRequest() {
        #expect(understand("so I can sort the prescriptions") == nil)
    }

    @Test func anAsideAloneIsNoRequest() {
        #expect(understand("ugh fine, whatever") == nil)
    }

    @Test(arguments: ["like twenty minutes", "about twenty minutes", "around twenty minutes"])
    func aHedgedAmountIsTheAmount(_ amount: String) {
        let match = understand("push my homework nag back \(amount)")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(20))
    }

    @Test func settingsAfterThePromptAreNotPartOfIt() {
        let match = understand("tell oppi to bump the lodash version, and use opus for it")
        #expect(match?.slots["prompt"] == .text("bump the lodash version"))
        #expect(match?.slots["model"] == .text("opus"))
        let thinking = understand("oppi why is CI failing on main use high thinking")
        #expect(thinking?.slots["prompt"] == .text("why is CI failing on main"))
        #expect(thinking?.slots["thinking"] == .enumCase("high"))
    }

    @Test func settingsBeforeThePromptMayComeInAnyOrder() {
        let match = understand("Tell Oppi using opus with thinking off: write the migration for the orders table")
        #expect(match?.slots["model"] == .text("opus"))
        #expect(match?.slots["thinking"] == .enumCase("off"))
        #expect(match?.slots["prompt"] == .text("write the migration for the orders table"))
    }

    @Test func aModelNameIsOnlyASettingWhereOneIsExpected() {
        let match = understand("ask oppi to compare opus and sonnet on the benchmark")
        #expect(match?.slots["prompt"] == .text("compare opus and sonnet on the benchmark"))
        #expect(match?.slots["model"] == nil)
    }

    @Test func aRequestWithAnAfterthoughtEndsWhereAnEventBegins() {
        let match = understand("CodingBridge, back into the session I had going before the rapid response call")
        #expect(match?.intent.id == "codingbridge.ResumeSessionIntent")
    }

    @Test func aRequestSaidTwiceKeepsTheValuesOnlyTheFirstSaid() {
        let match = understand("did I even commit my stuff on portfolio-site, CodingBridge git status pls")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("portfolio-site"))
    }

    @Test func aClauseAfterAWordToSomeoneElseLosesItsAfterthought() {
        let match = understand("brb chat, CodingBridge pull up my clip-cutter project, the export's busted again")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("clip-cutter"))
    }

    @Test func waitingForASecondIsNoSnooze() {
        #expect(understand("chat, chat, gimme a sec, Nagz have I blown any deadlines on my nags?")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func aClauseOfTheAppNamedBeforeOutweighsABareChatWithIt() {
        let match = understand("CodingBridge, action item: trigger the build on status-dashboard")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
    }

    @Test func aRequestSaidFirstKeepsItsValuePastItsAfterthought() {
        let match = understand("CodingBridge, did I commit everything in thesis-code or is there stuff still... just, git status please.")
        #expect(match?.slots["project"] == .entity("thesis-code"))
    }

    @Test func butLeadsUpToARequestAfterAnAside() {
        let match = understand("CodingBridge, no worries if it's slow, but jump me into the footy-tipping project, keen to fix the ladder maths")
        #expect(match?.intent.id == "codingbridge.OpenProjectIntent")
        #expect(match?.slots["project"] == .entity("footy-tipping"))
    }
}
