import Foundation

/// Pins a `DateExpression` to the calendar in the user's time zone.
///
/// Choices where speech is vague: a day without a time is 09:00 ("tomorrow"),
/// except today, which is 17:00; parts of the day are 09:00, 15:00, 18:00 and
/// 20:00 (tomorrow's when today's has passed; "tonight" once past 20:00 is an
/// hour from now); an hour without am/pm is the next one to come when no day is named,
/// and 1–6 means afternoon when one is ("Friday at 5"); a time already past
/// today means tomorrow; "Friday" said on a Friday means today if the time is
/// still ahead, "next Friday" then means a week later.
struct DateResolver {
    let calendar: Calendar
    let now: Date

    func resolve(_ expression: DateExpression) -> Date? {
        if let seconds = expression.relativeSeconds {
            return now.addingTimeInterval(TimeInterval(seconds))
        }
        let today = calendar.startOfDay(for: now)
        let current = calendar.dateComponents([.year, .month, .day, .weekday], from: now)
        guard let year = current.year, let month = current.month, let weekday = current.weekday else { return nil }

        if !expression.hasDay {
            return resolveTimeOnly(expression, today: today)
        }
        let (hour, minute) = time(of: expression, dayNamed: true) ?? defaultTime(of: expression, isToday: false)
        let day: Date?
        if let offset = expression.dayOffset {
            day = calendar.date(byAdding: .day, value: offset, to: today)
            if offset == 0, expression.hour == nil, expression.partOfDay == nil, !expression.endOfDay {
                return moment(on: today, hour: 17, minute: 0).map { $0 > now ? $0 : endOfToday(today) }
            }
        } else if let target = expression.weekday {
            var ahead = (target - weekday + 7) % 7
            if ahead == 0 {
                let later = moment(on: today, hour: hour, minute: minute).map { $0 > now } ?? false
                if expression.next || !later { ahead = 7 }
            }
            day = calendar.date(byAdding: .day, value: ahead, to: today)
        } else if let dayOfMonth = expression.dayOfMonth {
            day = nextDate(month: expression.month, day: dayOfMonth, year: year, currentMonth: month, today: today)
        } else if let anchor = expression.weekAnchor {
            var ahead = (anchor - weekday + 7) % 7
            if ahead == 0, anchor == 2 { ahead = 7 }
            day = calendar.date(byAdding: .day, value: ahead, to: today)
        } else {
            day = today
        }
        guard let day else { return nil }
        let result = moment(on: day, hour: hour, minute: minute)
        if let result, result <= now, expression.dayOffset == 0, expression.partOfDay != nil {
            return now.addingTimeInterval(3600)
        }
        return result
    }

    /// "at 5", "by 6pm", "tonight" without a day: the next such moment.
    private func resolveTimeOnly(_ expression: DateExpression, today: Date) -> Date? {
        if expression.hour == nil {
            let (hour, minute) = defaultTime(of: expression, isToday: true)
            guard let result = moment(on: today, hour: hour, minute: minute) else { return nil }
            if result > now { return result }
            switch expression.partOfDay {
            case nil: return endOfToday(today)
            case .night: return now.addingTimeInterval(3600)
            case .morning, .afternoon, .evening:
                return calendar.date(byAdding: .day, value: 1, to: today).flatMap { moment(on: $0, hour: hour, minute: minute) }
            }
        }
        if let (hour, minute) = time(of: expression, dayNamed: false) {
            guard let result = moment(on: today, hour: hour, minute: minute) else { return nil }
            if result > now { return result }
            return calendar.date(byAdding: .day, value: 1, to: today).flatMap { moment(on: $0, hour: hour, minute: minute) }
        }
        // An hour from 1 to 12 without am/pm: the next of the two.
        let hour = expression.hour! % 12
        let minute = expression.minute
        for (dayOffset, candidate) in [(0, hour), (0, hour + 12), (1, hour)] {
            guard let day = calendar.date(byAdding: .day, value: dayOffset, to: today),
                  let result = moment(on: day, hour: candidate, minute: minute) else { continue }
            if result > now { return result }
        }
        return nil
    }

    /// The 24-hour time the expression names, or nil when it names an hour that
    /// could be morning or afternoon and nothing settles which.
    private func time(of expression: DateExpression, dayNamed: Bool) -> (Int, Int)? {
        if expression.endOfDay { return (17, 0) }
        guard let hour = expression.hour else { return nil }
        let minute = expression.minute
        switch expression.meridiem {
        case .pm: return (hour % 12 + 12, minute)
        case .am: return (hour % 12, minute)
        case nil: break
        }
        if hour == 0 || hour > 12 { return (hour, minute) }
        switch expression.partOfDay {
        case .afternoon, .evening, .night: return (hour == 12 ? 12 : hour + 12, minute)
        case .morning: return (hour == 12 ? 0 : hour, minute)
        case nil: break
        }
        guard dayNamed else { return nil }
        return ((1...6).contains(hour) ? hour + 12 : hour, minute)
    }

    private func defaultTime(of expression: DateExpression, isToday: Bool) -> (Int, Int) {
        if let (hour, minute) = time(of: expression, dayNamed: true) { return (hour, minute) }
        switch expression.partOfDay {
        case .morning: return (9, 0)
        case .afternoon: return (15, 0)
        case .evening: return (18, 0)
        case .night: return (20, 0)
        case nil: return isToday ? (17, 0) : (9, 0)
        }
    }

    private func nextDate(month: Int?, day: Int, year: Int, currentMonth: Int, today: Date) -> Date? {
        if let month {
            for candidateYear in [year, year + 1] {
                if let date = calendar.date(from: DateComponents(year: candidateYear, month: month, day: day)),
                   date >= today, calendar.component(.day, from: date) == day {
                    return date
                }
            }
            return nil
        }
        for offset in 0..<3 {
            let monthIndex = currentMonth - 1 + offset
            let components = DateComponents(year: year + monthIndex / 12, month: monthIndex % 12 + 1, day: day)
            if let date = calendar.date(from: components), date >= today, calendar.component(.day, from: date) == day {
                return date
            }
        }
        return nil
    }

    private func moment(on day: Date, hour: Int, minute: Int) -> Date? {
        var components = calendar.dateComponents([.year, .month, .day], from: day)
        components.hour = hour
        components.minute = minute
        return calendar.date(from: components)
    }

    private func endOfToday(_ today: Date) -> Date {
        moment(on: today, hour: 23, minute: 59) ?? now
    }
}
