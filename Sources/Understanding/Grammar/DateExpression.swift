/// A spoken date or time before it is pinned to a calendar: "tomorrow at 5pm"
/// is `day: +1, hour: 5, meridiem: .pm`. `DateResolver` turns it into a `Date`.
struct DateExpression: Sendable, Hashable {
    enum Meridiem: Sendable, Hashable { case am, pm }
    enum PartOfDay: Sendable, Hashable { case morning, afternoon, evening, night }

    /// Days from today ("tomorrow" is 1).
    var dayOffset: Int?
    /// Calendar weekday, Sunday = 1.
    var weekday: Int?
    /// "next Friday": the one after the coming one when that is today.
    var next = false
    var month: Int?
    var dayOfMonth: Int?
    var hour: Int?
    var minute = 0
    var meridiem: Meridiem?
    var partOfDay: PartOfDay?
    /// "in 20 minutes": seconds from now; nothing else applies.
    var relativeSeconds: Int?
    /// "end of day" / "eod": 17:00.
    var endOfDay = false
    /// "next week" (Monday), "this weekend" (Saturday), "end of the week" (Friday).
    var weekAnchor: Int?

    var hasDay: Bool { dayOffset != nil || weekday != nil || dayOfMonth != nil || weekAnchor != nil }
    var hasTime: Bool { hour != nil || endOfDay }
}
