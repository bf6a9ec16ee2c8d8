import Foundation
import Testing

@testable import Understanding

/// `LocalCalendar` answers what a Gregorian `Calendar` in the user's zone answers, by
/// arithmetic; these compare the two where it is easiest to get wrong.
@Suite struct LocalCalendarTests {
    /// Zones with daylight saving at night and at midnight (São Paulo in 2018, Beirut), by
    /// half an hour (Lord Howe), at odd offsets (St John's, Chatham) and far from UTC.
    static let zones = [
        "UTC", "America/New_York", "Europe/Berlin", "America/Sao_Paulo", "Asia/Beirut", "Australia/Lord_Howe",
        "America/St_Johns", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata",
    ]

    static func calendar(_ zone: String) throws -> (Calendar, LocalCalendar) {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return (calendar, LocalCalendar(timeZone: timeZone))
    }

    @Test(arguments: zones)
    func theDayOfAnInstantIsTheCalendarsDay(_ zone: String) throws {
        let (calendar, local) = try Self.calendar(zone)
        // Every 7 h 13 min through 2018 and 2026, and instants before 1970.
        let in2018 = Array(stride(from: 1_514_764_800.0, to: 1_546_300_800, by: 25_980))
        let in2026 = Array(stride(from: 1_767_225_600.0, to: 1_798_761_600, by: 25_980))
        let instants: [Double] = in2018 + in2026 + [-1_000_000_001.5, -1, 0, 946_684_799.999]
        for seconds in instants {
            let instant = Date(timeIntervalSince1970: seconds)
            let expected = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            let day = local.day(of: instant)
            let civil = LocalCalendar.civil(day)
            let matches = civil.year == expected.year && civil.month == expected.month && civil.day == expected.day
            #expect(matches, "\(zone) at \(seconds)")
            #expect(LocalCalendar.weekday(day) == expected.weekday, "\(zone) at \(seconds)")
        }
    }

    /// Every day of 2018 and 2026 at the night's hours (when clocks change), midday and late
    /// evening, on the hour and the half hour: skipped times and times read twice included.
    @Test(arguments: zones)
    func aWallClockTimeIsTheCalendarsInstant(_ zone: String) throws {
        let (calendar, local) = try Self.calendar(zone)
        for year in [2018, 2026] {
            let first = try #require(LocalCalendar.day(year: year, month: 1, day: 1))
            let last = try #require(LocalCalendar.day(year: year, month: 12, day: 31))
            for day in first...last {
                let civil = LocalCalendar.civil(day)
                for hour in [0, 1, 2, 3, 4, 12, 22, 23] {
                    for minute in [0, 30] {
                        let components = DateComponents(year: civil.year, month: civil.month, day: civil.day, hour: hour, minute: minute)
                        let expected = try #require(calendar.date(from: components))
                        #expect(local.instant(day: day, hour: hour, minute: minute) == expected, "\(zone) \(components)")
                    }
                }
            }
        }
    }

    @Test func aDateRoundTripsThroughItsDayNumber() {
        for day in stride(from: -800_000, through: 800_000, by: 997) {
            let civil = LocalCalendar.civil(day)
            #expect(LocalCalendar.day(year: civil.year, month: civil.month, day: civil.day) == day)
        }
        #expect(LocalCalendar.day(year: 1970, month: 1, day: 1) == 0)
        #expect(LocalCalendar.day(year: 2000, month: 3, day: 1) == 11_017)
    }

    @Test func aDayTheMonthDoesNotHaveIsNone() {
        #expect(LocalCalendar.day(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalCalendar.day(year: 2028, month: 2, day: 29) != nil)
        #expect(LocalCalendar.day(year: 2100, month: 2, day: 29) == nil)
        #expect(LocalCalendar.day(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalCalendar.day(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalCalendar.day(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalCalendar.day(year: 2026, month: 1, day: 0) == nil)
    }
}
