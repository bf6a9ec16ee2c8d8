import Foundation

/// ISO-8601 date-times as models write them: with an offset or `Z`, or as a
/// local wall-clock time (`2025-03-05T17:00`), read in the user's time zone.
enum ISODateTime {
    private static let withOffset = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let withOffsetNoFraction = Date.ISO8601FormatStyle()

    /// With fractional seconds or without, `Z` or an offset; nil for a local time.
    static func parseWithOffset(_ text: String) -> Date? {
        (try? withOffset.parse(text)) ?? (try? withOffsetNoFraction.parse(text))
    }

    static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        var text = text
        // `2025-03-05 17:00` is common in model output.
        if text.count >= 16, let separator = text.index(text.startIndex, offsetBy: 10, limitedBy: text.endIndex), text[separator] == " " {
            text.replaceSubrange(separator...separator, with: "T")
        }
        if let date = parseWithOffset(text) {
            return date
        }
        if text.count == 16 { text += ":00" }
        // The local style reads a prefix and ignores the rest, so only an exact
        // `yyyy-MM-ddTHH:mm:ss` may reach it.
        guard text.count == 19 else { return nil }
        let local = Date.ISO8601FormatStyle(timeZone: timeZone)
            .year().month().day().dateTimeSeparator(.standard).time(includingFractionalSeconds: false)
        return try? local.parse(text)
    }
}
