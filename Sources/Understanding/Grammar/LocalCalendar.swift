import Foundation

/// Days and wall-clock times in the user's time zone, by arithmetic on Unix time and the
/// zone's offsets: the same answers as a Gregorian `Calendar` in that zone, for a few
/// offset lookups (about 60 ns each) where `Calendar.startOfDay` alone took about 2 µs.
///
/// A day is numbered from 1970-01-01 on the user's calendar. Unix time has no leap seconds,
/// so every day is 86,400 s of local time; only the offset between local time and UTC
/// changes, at the zone's transitions.
struct LocalCalendar {
    let timeZone: TimeZone

    private static let secondsPerDay = 86_400

    /// The user's day at `date`.
    func day(of date: Date) -> Int {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        return Self.floorDivide(seconds + timeZone.secondsFromGMT(for: date), Self.secondsPerDay)
    }

    /// The instant the user's clock reads `hour:minute` on `day`. A time the clock skips
    /// (02:30 as it springs forward) and one it reads twice (01:30 as it falls back) are
    /// read with the offset before the change, as `Calendar` reads them: 03:30 after the
    /// change, and the first 01:30.
    func instant(day: Int, hour: Int, minute: Int) -> Date {
        let local = day * Self.secondsPerDay + hour * 3_600 + minute * 60
        let before = offset(at: local - 43_200 - 50_400)
        let after = offset(at: local + 43_200 + 50_400)
        guard before != after else { return Date(timeIntervalSince1970: TimeInterval(local - before)) }
        let readBefore = local - before
        let readAfter = local - after
        let onlyAfterFits = offset(at: readBefore) != before && offset(at: readAfter) == after
        return Date(timeIntervalSince1970: TimeInterval(onlyAfterFits ? readAfter : readBefore))
    }

    private func offset(at seconds: Int) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// Year, month (1–12) and day of the month of `day` (Howard Hinnant's days-to-civil).
    static func civil(_ day: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = day + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, dayOfMonth)
    }

    /// The day of `year`-`month`-`dayOfMonth`, or nil when the month has no such day
    /// (February 30th).
    static func day(year: Int, month: Int, day dayOfMonth: Int) -> Int? {
        guard (1...12).contains(month), dayOfMonth >= 1, dayOfMonth <= daysIn(month: month, year: year) else { return nil }
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + dayOfMonth - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Sunday = 1 … Saturday = 7, as `Calendar`'s weekday (1970-01-01 was a Thursday).
    static func weekday(_ day: Int) -> Int {
        (day + 4) - floorDivide(day + 4, 7) * 7 + 1
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
