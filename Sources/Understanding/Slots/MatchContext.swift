import Foundation

/// When and where the user is speaking: relative dates ("tomorrow at 5pm") are
/// resolved against `now` in `timeZone`.
public struct MatchContext: Sendable {
    public let timeZone: TimeZone
    public let now: Date
    let calendar: Calendar

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    var dateResolver: DateResolver { DateResolver(calendar: calendar, now: now) }

    /// The hour of `now` on the user's clock (0–23).
    public var localHour: Int { calendar.component(.hour, from: now) }
}
