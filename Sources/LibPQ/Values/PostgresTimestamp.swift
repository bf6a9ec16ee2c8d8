import Foundation

/// Conversions between `Date` and Postgres timestamps: microseconds since
/// 2000-01-01 UTC on the wire (binary), ISO text in results.
package enum PostgresTimestamp {
    /// Seconds from 2000-01-01 (Postgres' epoch) to 2001-01-01 (Foundation's reference date).
    private static let postgresEpochToReferenceDate: Int64 = 31_622_400
    private static let referenceDateFromUnixEpoch: Int64 = 978_307_200

    /// The timestamp as Postgres' binary representation, rounded to the microsecond.
    /// Whole seconds and the fraction are converted apart so the rounding stays exact.
    package static func microseconds(since date: Date) -> Int64 {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return interval > 0 ? .max : .min }
        let seconds = interval.rounded(.down)
        let fraction = Int64(((interval - seconds) * 1_000_000).rounded())
        return (Int64(seconds) + postgresEpochToReferenceDate) * 1_000_000 + fraction
    }

    static func date(unixSeconds: Int64, microseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(unixSeconds - referenceDateFromUnixEpoch)
            + Double(microseconds) / 1_000_000)
    }

    /// Parses `timestamptz` / `timestamp` output in the ISO DateStyle:
    /// `2024-05-06 07:08:09.123456+00`, with an optional fraction, an optional offset
    /// (`+05:30`, `-08`, `Z`; none means UTC), a `T` instead of the space, and a
    /// trailing ` BC`. `infinity` and `-infinity` map to the distant future and past.
    package static func date(fromText text: String) -> Date? {
        switch text {
        case "infinity": return .distantFuture
        case "-infinity": return .distantPast
        default: break
        }
        var scanner = DigitScanner(text.utf8)
        guard let year = scanner.number(maxDigits: 7), scanner.skip("-"),
              let month = scanner.number(exactDigits: 2), scanner.skip("-"),
              let day = scanner.number(exactDigits: 2), scanner.skip(" ") || scanner.skip("T"),
              let hour = scanner.number(exactDigits: 2), scanner.skip(":"),
              let minute = scanner.number(exactDigits: 2), scanner.skip(":"),
              let second = scanner.number(exactDigits: 2),
              (1...12).contains(month), (1...31).contains(day), hour <= 24, minute < 60, second <= 60
        else { return nil }

        var microseconds: Int64 = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fraction() else { return nil }
            microseconds = fraction
        }

        var offsetSeconds: Int64 = 0
        if scanner.skip("Z") {
            offsetSeconds = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(exactDigits: 2) else { return nil }
            var minutes: Int64 = 0
            var seconds: Int64 = 0
            if scanner.skip(":") {
                guard let value = scanner.number(exactDigits: 2) else { return nil }
                minutes = value
                if scanner.skip(":") {
                    guard let value = scanner.number(exactDigits: 2) else { return nil }
                    seconds = value
                }
            }
            offsetSeconds = sign * (hours * 3600 + minutes * 60 + seconds)
        }

        // Postgres writes year 1 BC as "0001 ... BC"; astronomical year numbering makes it 0.
        let isBeforeChrist = scanner.skip(" ") && scanner.skipWord("BC")
        guard scanner.isAtEnd else { return nil }
        let astronomicalYear = isBeforeChrist ? 1 - year : year

        let days = daysSinceUnixEpoch(year: astronomicalYear, month: month, day: day)
        let unixSeconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        return date(unixSeconds: unixSeconds, microseconds: microseconds)
    }

    /// The timestamp as `timestamptz` input text in UTC, `2024-05-06 07:08:09.123456+00`:
    /// the same microsecond `microseconds(since:)` binds, for values that travel inside
    /// a document (a JSON batch) rather than as a parameter of their own.
    package static func text(_ date: Date) -> String {
        let sinceUnixEpoch = microseconds(since: date) + (referenceDateFromUnixEpoch - postgresEpochToReferenceDate) * 1_000_000
        let (seconds, fraction) = floorDivision(sinceUnixEpoch, 1_000_000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSinceUnixEpoch: days)
        // Year 0 is 1 BC in Postgres' notation.
        var text = digits(year > 0 ? year : 1 - year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2)
        text += " " + digits(secondOfDay / 3_600, 2) + ":" + digits(secondOfDay / 60 % 60, 2) + ":" + digits(secondOfDay % 60, 2)
        text += "." + digits(fraction, 6) + "+00"
        return year > 0 ? text : text + " BC"
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (the inverse of
    /// `daysSinceUnixEpoch`, Howard Hinnant's algorithm).
    private static func civilDate(daysSinceUnixEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceUnixEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// A cursor over ASCII bytes for the timestamp parser.
private struct DigitScanner {
    private let bytes: String.UTF8View
    private var index: String.UTF8View.Index

    init(_ bytes: String.UTF8View) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var isAtEnd: Bool { index == bytes.endIndex }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: character) else { return false }
        bytes.formIndex(after: &index)
        return true
    }

    mutating func skipWord(_ word: String) -> Bool {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.endIndex, bytes[index] == byte else {
                index = start
                return false
            }
            bytes.formIndex(after: &index)
        }
        return true
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    mutating func number(exactDigits: Int) -> Int64? {
        let start = index
        guard let value = number(maxDigits: exactDigits), bytes.distance(from: start, to: index) == exactDigits else {
            return nil
        }
        return value
    }

    mutating func number(maxDigits: Int) -> Int64? {
        var value: Int64 = 0
        var count = 0
        while count < maxDigits, index < bytes.endIndex, let digit = Self.digit(bytes[index]) {
            value = value * 10 + digit
            count += 1
            bytes.formIndex(after: &index)
        }
        return count > 0 ? value : nil
    }

    /// A decimal fraction as microseconds, rounded half up past the sixth digit.
    mutating func fraction() -> Int64? {
        var microseconds: Int64 = 0
        var count = 0
        var roundUp = false
        while index < bytes.endIndex, let digit = Self.digit(bytes[index]) {
            if count < 6 {
                microseconds = microseconds * 10 + digit
            } else if count == 6 {
                roundUp = digit >= 5
            }
            count += 1
            bytes.formIndex(after: &index)
        }
        guard count > 0 else { return nil }
        for _ in min(count, 6)..<6 { microseconds *= 10 }
        return roundUp ? microseconds + 1 : microseconds
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
    }
}
