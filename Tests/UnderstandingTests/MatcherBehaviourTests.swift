import Catalog
import Foundation
import Testing
import Understanding

@Suite struct MatcherBehaviourTests {
    @Test func shippedCatalogCompilesEveryPattern() {
        #expect(Fixtures.matcher.skippedPatterns.isEmpty)
    }

    @Test(arguments: [
        "Nagz, show me my homework nags", "ask nagz what my homework nags are", "show me my homework nags in the nagz app",
        "show me my homework nags on nags",
    ])
    func appNameMayBeSaidAtEitherEnd(_ text: String) {
        #expect(understand(text)?.intent.id == "nagz.ListNagsIntent")
        #expect(understand(text)?.slots["category"] == .enumCase("homework"))
    }

    @Test func namingAnotherAppNeverRoutesToThisOne() {
        #expect(understand("log a happy mood in nagz") == nil)
        #expect(understand("what's the git status in moodboard") == nil)
        #expect(understand("what's overdue in oppi") == nil)
    }

    @Test func anAppNamedAtTheEdgeStandsInForItsPlaceInAPhrase() {
        let match = understand("in codingbridge, search for memory leak")
        #expect(match?.intent.id == "codingbridge.SearchSessionsIntent")
        #expect(match?.slots["query"] == .text("memory leak"))
    }

    @Test func addressingAnAppLetsTheRestBeAnyRequestOfIt() {
        #expect(understand("tell nagz I did it")?.intent.id == "nagz.CompleteNagIntent")
        #expect(understand("ask nagz what's overdue")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func casingPunctuationAndCurlyApostrophesDoNotMatter() {
        #expect(understand("WHAT’S OVERDUE?!")?.intent.id == "nagz.CheckOverdueIntent")
        #expect(understand("  snooze...my nag, for 30 minutes!! ")?.slots["minutes"] == .minutes(30))
    }

    @Test func politeWrappingIsIgnored() {
        let match = understand("Hey Jiri, could you please tell Oppi to fix the failing build for me, thanks")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["prompt"] == .text("fix the failing build"))
    }

    @Test func leadInAfterAnAddressedAppIsNotPartOfTheRequest() {
        #expect(understand("hey oppi, can you add tests for the login flow")?.slots["prompt"] == .text("add tests for the login flow"))
        #expect(understand("oppi, would you summarize the open pull requests")?.slots["prompt"]
            == .text("summarize the open pull requests"))
    }

    /// The seeds' own examples, said to Siri, and intents asked for by their titles.
    @Test(arguments: [
        ("Hey Siri, add a happy mood in MoodBoard", "moodboard.AddMoodIntent"),
        ("Hey Siri, ask Oppi to check server health", "oppi.AskPiIntent"),
        ("Find my homework nags", "nagz.ListNagsIntent"),
        ("Open Project", "codingbridge.OpenProjectIntent"),
        ("Run Command", "codingbridge.RunCommandIntent"),
        ("Search Sessions", "codingbridge.SearchSessionsIntent"),
    ])
    func seedExamplesAndIntentTitlesAreUnderstood(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func aCapitalisedNameIsEvidenceOfAMention() {
        #expect(understand("nag Ben")?.slots["recipient"] == .entity("Ben"))
        #expect(understand("nag ben") == nil)
        #expect(understand("tell me about Paris") == nil)
    }

    @Test func theWordAppAfterANameIsPartOfIt() {
        #expect(understand("show my nags in the nags app")?.intent.id == "nagz.ListNagsIntent")
        #expect(understand("open the oppi app")?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(understand("what's the best app") == nil)
    }

    @Test func appNamedAsTheSourceAtTheEndIsTakenOff() {
        #expect(understand("how am i feeling right now according to moodboard")?.intent.id == "moodboard.GetCurrentMoodIntent")
        #expect(understand("what's overdue according to nagz")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func slotSpokenAsAnEnumTakesOnlyItsCases() {
        let meds = understand("i took my medicine")
        #expect(meds?.intent.id == "nagz.CompleteNagIntent")
        #expect(meds?.slots["nag"] == .entity("meds"))
        #expect(understand("i took my time") == nil)
        #expect(understand("i finished my book") == nil)
    }

    @Test func namedCategoryGivesTheTextItWouldBeInferredFrom() {
        let mood = understand("i feel really energetic")
        #expect(mood?.intent.id == "moodboard.AddMoodIntent")
        #expect(mood?.slots["category"] == .enumCase("energetic"))
        #expect(mood?.slots["title"] == .text("energetic"))
    }

    @Test func namedCategoryLeavesOptionalTextUnsaid() {
        let nag = understand("make a homework nag for Emma")
        #expect(nag?.slots["category"] == .enumCase("homework"))
        #expect(nag?.slots["description"] == nil)
    }

    @Test func thresholdRejectsWeakMatches() {
        let strict = IntentMatcher(catalog: Fixtures.catalog, threshold: 0.9)
        #expect(strict.match("Family report", context: Fixtures.context) == nil)
        #expect(strict.match("How's my family doing in Nagz", context: Fixtures.context) != nil)
    }

    @Test func moreEvidenceMeansMoreConfidence() throws {
        let weak = try #require(understand("Family report"))
        let strong = try #require(understand("How's my family doing in Nagz"))
        #expect(weak.confidence >= IntentMatcher.defaultThreshold)
        #expect(strong.confidence > weak.confidence)
        #expect(strong.confidence <= 1)
    }

    @Test func slotsHoldOnlyWhatWasSaid() {
        #expect(understand("Snooze my nag in Nagz")?.slots.isEmpty == true)
        #expect(understand("ask oppi to deploy")?.slots["thinking"] == nil)
    }

    @Test func dueTimesResolveInTheUsersZone() {
        let zone = Fixtures.newYork
        #expect(understand("Remind Emma to do her homework by 6pm")?.slots["dueAt"]
            == .date(Fixtures.date(2025, 11, 22, 18, 0, in: zone)))
        #expect(understand("New chores nag for Sam due tomorrow")?.slots["dueAt"]
            == .date(Fixtures.date(2025, 11, 23, 9, 0, in: zone)))
        let late = MatchContext(timeZone: zone, now: Fixtures.date(2025, 11, 22, 19, 0, in: zone))
        #expect(understand("Remind Emma to do her homework by 6pm", context: late)?.slots["dueAt"]
            == .date(Fixtures.date(2025, 11, 23, 18, 0, in: zone)))
    }

    @Test func dueTimesLateAtNightFollowTheUsersCalendar() {
        // 23:30 on Friday 7 March 2025 in Los Angeles is already Saturday in UTC.
        let zone = Fixtures.losAngeles
        let late = MatchContext(timeZone: zone, now: Fixtures.date(2025, 3, 7, 23, 30, in: zone))
        #expect(understand("remind Sam to feed the cat tomorrow at 9", context: late)?.slots["dueAt"]
            == .date(Fixtures.date(2025, 3, 8, 9, 0, in: zone)))
        #expect(understand("new chores nag for Sam due Monday", context: late)?.slots["dueAt"]
            == .date(Fixtures.date(2025, 3, 10, 9, 0, in: zone)))
    }

    @Test func aBarePartOfDayIsNotADueTime() {
        let every = understand("remind Jake to take his vitamins every morning")
        #expect(every?.slots["description"] == .text("take his vitamins every morning"))
        #expect(every?.slots["dueAt"] == nil)
        #expect(understand("remind Jake to take his vitamins in the morning")?.slots["dueAt"]
            == .date(Fixtures.date(2025, 11, 23, 9, 0, in: Fixtures.newYork)))
    }

    @Test func enumIsInferredFromTheTaskWhenNotNamed() {
        #expect(understand("remind Sam to take his medication after dinner")?.slots["category"] == .enumCase("meds"))
        #expect(understand("remind Sam to call grandma")?.slots["category"] == nil)
    }

    @Test func freeTextKeepsOriginalCasingAndCharacters() {
        let match = understand("Ask Oppi to translate “naïve café” into French")
        #expect(match?.slots["prompt"] == .text("translate “naïve café” into French"))
    }

    @Test func longPromptsStillMatch() throws {
        let prompt = Array(repeating: "refactor the parser and keep the tests green", count: 60).joined(separator: " then ")
        let match = try #require(understand("ask oppi to \(prompt)"))
        #expect(match.intent.id == "oppi.AskPiIntent")
        #expect(match.slots["prompt"] == .text(prompt))
    }

    @Test func hugeInputIsNotARequest() {
        #expect(understand("ask oppi to " + String(repeating: "and again ", count: 50_000)) == nil)
    }

    @Test(arguments: ["", "   ", "?!", "please", "hey jiri"])
    func emptyRequestsMatchNothing(_ text: String) {
        #expect(understand(text) == nil)
    }

    @Test func slotsEncodeAsPlainJSON() throws {
        let due = Fixtures.date(2025, 11, 22, 18, 0, in: Fixtures.newYork)
        let slots: [String: SlotValue] = [
            "minutes": .minutes(45), "category": .enumCase("homework"), "recipient": .entity("Emma"),
            "dueAt": .date(due), "prompt": .text("run the tests"), "count": .integer(3), "urgent": .bool(true),
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(slots), as: UTF8.self)
        #expect(json == #"{"category":"homework","count":3,"dueAt":"2025-11-22T23:00:00Z","minutes":45,"prompt":"run the tests","recipient":"Emma","urgent":true}"#)
        let decoded = try JSONDecoder().decode([String: SlotValue].self, from: Data(json.utf8))
        #expect(decoded["minutes"] == .integer(45))
        #expect(decoded["urgent"] == .bool(true))
        #expect(decoded["recipient"] == .text("Emma"))
    }

    @Test func whereTheAppIsNamedIsNoPartOfATextAfterIt() {
        let match = understand("log a new mood in MoodBoard: restless")
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["title"] == .text("restless"))
    }

    @Test func aQuestionAfterAPauseIsNotAShortTextToKeep() {
        #expect(understand("my little sister keeps logging fake moods on my moodboard, how do I stop her") == nil)
    }

    @Test func anElongatedPleaseIsPlease() {
        #expect(understand("snooze my nag ten more minutes pleeease")?.slots["minutes"] == .minutes(10))
    }
}
