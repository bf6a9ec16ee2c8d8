import Foundation

/// When and where the user is speaking: relative dates ("tomorrow at 5pm") are
/// resolved against `now` in `timeZone`.
public struct MatchContext: Sendable {
    public let timeZone: TimeZone
    public let now: Date

    public init(timeZone: TimeZone, now: Date) {
        self.timeZone = timeZone
        self.now = now
    }

    /// Made only when an utterance holds a date or time to resolve, not on every turn.
    var dateResolver: DateResolver {
        DateResolver(calendar: LocalCalendar(timeZone: timeZone), now: now)
    }

    /// The hour of `now` on the user's clock (0–23): the zone's offset at that instant
    /// (daylight saving included) added to Unix time, whose days are all 86,400 s long,
    /// as Foundation's are. Every turn needs it, for the handoff facts; a `Calendar`
    /// answered it in about 2,400 instructions.
    public var localHour: Int {
        let seconds = Int(now.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: now)
        let secondOfDay = (seconds % 86_400 + 86_400) % 86_400
        return secondOfDay / 3_600
    }
}
