import Catalog
import Foundation
import Testing
import Understanding

/// Filling a pending question from the user's next turn.
@Suite struct SlotParserTests {
    private func parse(_ answer: String, _ type: ParameterType, context: MatchContext = Fixtures.context) -> SlotValue? {
        SlotParser.parse(
            answer, for: ParameterDefinition(name: "value", type: type), catalog: Fixtures.catalog, context: context)
    }

    @Test(arguments: [
        ("45", 45), ("forty five", 45), ("twenty-one", 21), ("it's 12", 12), ("one hundred twenty", 120),
        ("seven", 7), ("make it 3 please", 3),
    ])
    func integersAndNumberWords(_ answer: String, _ expected: Int) {
        #expect(parse(answer, .integer) == .integer(expected))
    }

    @Test(arguments: [
        ("an hour", 60), ("half an hour", 30), ("45 min", 45), ("45min", 45), ("forty five minutes", 45),
        ("an hour and a half", 90), ("1 hour 30 minutes", 90), ("one and a half hours", 90),
        ("a couple of hours", 120), ("a quarter of an hour", 15), ("2 hrs", 120), ("90", 90),
        ("for ten more minutes", 10), ("a day", 1440), ("1.5 hours", 90),
    ])
    func durations(_ answer: String, _ minutes: Int) {
        #expect(parse(answer, .duration) == .minutes(minutes))
    }

    @Test func answersWithoutAValueGiveNothing() {
        #expect(parse("I don't know", .duration) == nil)
        #expect(parse("whenever", .date) == nil)
        #expect(parse("lots", .integer) == nil)
        #expect(parse("", .string) == nil)
        #expect(parse("um, please", .entity("FamilyMemberEntity")) == nil)
    }

    // Friday 7 March 2025, 23:30 in Los Angeles: already Saturday 07:30 in UTC.
    static let lateFriday = MatchContext(
        timeZone: Fixtures.losAngeles, now: Fixtures.date(2025, 3, 7, 23, 30, in: Fixtures.losAngeles))

    @Test func tomorrowIsTheUsersTomorrowNotUTCs() {
        let expected = Fixtures.date(2025, 3, 8, 17, 0, in: Fixtures.losAngeles)
        #expect(parse("tomorrow at 5pm", .date, context: Self.lateFriday) == .date(expected))
    }

    @Test func timeAlreadyPastTodayMeansTomorrow() {
        let expected = Fixtures.date(2025, 3, 8, 18, 0, in: Fixtures.losAngeles)
        #expect(parse("by 6pm", .date, context: Self.lateFriday) == .date(expected))
    }

    @Test(arguments: [
        ("before dinner", 18), ("by bedtime", 20), ("tomorrow at lunch", 12), ("at breakfast", 8), ("first thing tomorrow", 8),
        ("first thing in the morning", 8),
    ])
    func mealsAndBedtimeAreTimesOfDay(_ answer: String, _ hour: Int) {
        // Late on Friday every one of them has passed (or is tomorrow's), so each is Saturday's.
        #expect(parse(answer, .date, context: Self.lateFriday) == .date(Fixtures.date(2025, 3, 8, hour, 0, in: Fixtures.losAngeles)))
    }

    @Test func firstThingAndBreakfastAreMorningsNotEvenings() {
        let lateMorning = MatchContext(
            timeZone: Fixtures.losAngeles, now: Fixtures.date(2025, 3, 7, 11, 0, in: Fixtures.losAngeles))
        let tomorrowAtEight = Fixtures.date(2025, 3, 8, 8, 0, in: Fixtures.losAngeles)
        #expect(parse("first thing", .date, context: lateMorning) == .date(tomorrowAtEight))
        #expect(parse("at breakfast", .date, context: lateMorning) == .date(tomorrowAtEight))
        #expect(parse("by bedtime", .date, context: lateMorning) == .date(Fixtures.date(2025, 3, 7, 20, 0, in: Fixtures.losAngeles)))
    }

    @Test func aMealWithoutAConnectorIsNotATime() {
        #expect(parse("dinner", .date, context: Self.lateFriday) == nil)
    }

    @Test func bareHourIsTheNextOneToCome() {
        let expected = Fixtures.date(2025, 3, 8, 1, 0, in: Fixtures.losAngeles)
        #expect(parse("at 1", .date, context: Self.lateFriday) == .date(expected))
    }

    @Test func relativeTimesCountFromNow() {
        let now = Self.lateFriday.now
        #expect(parse("in an hour", .date, context: Self.lateFriday) == .date(now.addingTimeInterval(3600)))
        #expect(parse("in 45 minutes", .date, context: Self.lateFriday) == .date(now.addingTimeInterval(2700)))
    }

    @Test func weekdayIsTheNextOneInTheUsersZone() {
        // Saturday 22 November 2025, 00:15 in Tokyo (still Friday in UTC).
        let context = MatchContext(timeZone: Fixtures.tokyo, now: Fixtures.date(2025, 11, 22, 0, 15, in: Fixtures.tokyo))
        #expect(parse("Friday", .date, context: context) == .date(Fixtures.date(2025, 11, 28, 9, 0, in: Fixtures.tokyo)))
        #expect(parse("today at 9am", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 9, 0, in: Fixtures.tokyo)))
        #expect(parse("tonight at 8", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 20, 0, in: Fixtures.tokyo)))
    }

    @Test func dayAcrossADaylightSavingChangeKeepsTheClockTime() {
        // Clocks go forward in New York on Sunday 9 March 2025.
        let context = MatchContext(timeZone: Fixtures.newYork, now: Fixtures.date(2025, 3, 8, 12, 0, in: Fixtures.newYork))
        let expected = Fixtures.date(2025, 3, 9, 9, 0, in: Fixtures.newYork)
        #expect(parse("tomorrow morning", .date, context: context) == .date(expected))
        #expect(expected.timeIntervalSince(context.now) == 20 * 3600)
    }

    @Test func namedDatesAndTimes() {
        let context = Fixtures.context
        let zone = Fixtures.newYork
        #expect(parse("March 5th", .date, context: context) == .date(Fixtures.date(2026, 3, 5, 9, 0, in: zone)))
        #expect(parse("the 30th at noon", .date, context: context) == .date(Fixtures.date(2025, 11, 30, 12, 0, in: zone)))
        #expect(parse("half past 4", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 16, 30, in: zone)))
        #expect(parse("next Saturday", .date, context: context) == .date(Fixtures.date(2025, 11, 29, 9, 0, in: zone)))
        #expect(parse("end of day", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 17, 0, in: zone)))
        #expect(parse("6:45 pm", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 18, 45, in: zone)))
        #expect(parse("5 p.m. tomorrow", .date, context: context) == .date(Fixtures.date(2025, 11, 23, 17, 0, in: zone)))
        #expect(parse("at 6.30pm", .date, context: context) == .date(Fixtures.date(2025, 11, 22, 18, 30, in: zone)))
    }

    @Test(arguments: [
        ("medicine", "meds"), ("pills", "meds"), ("the homework one", "homework"), ("Chores", "chores"),
        ("doctor's appointment", "appointments"), ("it's for the dentist", "appointments"),
    ])
    func enumCasesBySynonym(_ answer: String, _ expected: String) {
        #expect(parse(answer, .enumeration("NagCategory")) == .enumCase(expected))
    }

    @Test func enumWordsComeFromTheIntentsApp() throws {
        let intent = try #require(Fixtures.catalog.intent(id: "oppi.AskPiIntent"))
        let thinking = try #require(intent.parameter(named: "thinking"))
        let value = SlotParser.parse(
            "let's go with deep thinking", for: thinking, of: intent, catalog: Fixtures.catalog, context: Fixtures.context)
        #expect(value == .enumCase("high"))
    }

    @Test func catalogDefaultsReadAsValues() throws {
        let catalog = Fixtures.catalog
        let snooze = try #require(catalog.intent(id: "nagz.SnoozeNagIntent")?.parameter(named: "minutes"))
        #expect(SlotParser.parse(snooze.defaultValue ?? "", for: snooze, catalog: catalog, context: Fixtures.context)
            == .minutes(15))
        let emoji = try #require(catalog.intent(id: "moodboard.AddMoodIntent")?.parameter(named: "emoji"))
        #expect(SlotParser.parse(emoji.defaultValue ?? "", for: emoji, catalog: catalog, context: Fixtures.context)
            == .text("😊"))
    }

    @Test func enumAnswerThatNamesNoCaseGivesNothing() {
        #expect(parse("whatever you think", .enumeration("NagCategory")) == nil)
        #expect(parse("maximum", .enumeration("ThinkingLevel")) == .enumCase("high"))
    }

    @Test(arguments: [("for Sam", "Sam"), ("Emma", "Emma"), ("it's the website", "website"), ("to Jake please", "Jake")])
    func entityMentionsLoseTheWordsAround(_ answer: String, _ expected: String) {
        #expect(parse(answer, .entity("FamilyMemberEntity")) == .entity(expected))
    }

    @Test func freeTextKeepsTheUsersWords() {
        #expect(parse("um, add a dark mode toggle please", .string) == .text("add a dark mode toggle"))
        #expect(parse("Why does the “naïve” cache miss?", .string) == .text("Why does the “naïve” cache miss"))
    }

    @Test func yesAndNo() {
        #expect(parse("yes please", .bool) == .bool(true))
        #expect(parse("nope", .bool) == .bool(false))
        #expect(parse("maybe", .bool) == nil)
    }
}
