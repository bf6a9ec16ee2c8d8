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
///
/// Days are `LocalCalendar`'s day numbers: "in three days" is `today + 3`.
struct DateResolver {
    let calendar: LocalCalendar
    let now: Date

    func resolve(_ expression: DateExpression) -> Date? {
        if let seconds = expression.relativeSeconds {
            return now.addingTimeInterval(TimeInterval(seconds))
        }
        let today = calendar.day(of: now)
        let (year, month, _) = LocalCalendar.civil(today)
        let weekday = LocalCalendar.weekday(today)

        if !expression.hasDay {
            return resolveTimeOnly(expression, today: today)
        }
        let (hour, minute) = time(of: expression, dayNamed: true) ?? defaultTime(of: expression, isToday: false)
        let day: Int?
        if let offset = expression.dayOffset {
            day = today + offset
            if offset == 0, expression.hour == nil, expression.partOfDay == nil, !expression.endOfDay {
                let fiveToday = moment(on: today, hour: 17, minute: 0)
                return fiveToday > now ? fiveToday : endOfToday(today)
            }
        } else if let target = expression.weekday {
            var ahead = (target - weekday + 7) % 7
            if ahead == 0 {
                if expression.next || moment(on: today, hour: hour, minute: minute) <= now { ahead = 7 }
            }
            day = today + ahead
        } else if let dayOfMonth = expression.dayOfMonth {
            day = nextDate(month: expression.month, day: dayOfMonth, year: year, currentMonth: month, today: today)
        } else if let anchor = expression.weekAnchor {
            var ahead = (anchor - weekday + 7) % 7
            if ahead == 0, anchor == 2 { ahead = 7 }
            day = today + ahead
        } else {
            day = today
        }
        guard let day else { return nil }
        let result = moment(on: day, hour: hour, minute: minute)
        if result <= now, expression.dayOffset == 0, expression.partOfDay != nil {
            return now.addingTimeInterval(3600)
        }
        return result
    }

    /// "at 5", "by 6pm", "tonight" without a day: the next such moment.
    private func resolveTimeOnly(_ expression: DateExpression, today: Int) -> Date? {
        if expression.hour == nil {
            let (hour, minute) = defaultTime(of: expression, isToday: true)
            let result = moment(on: today, hour: hour, minute: minute)
            if result > now { return result }
            switch expression.partOfDay {
            case nil: return endOfToday(today)
            case .night: return now.addingTimeInterval(3600)
            case .morning, .afternoon, .evening:
                return moment(on: today + 1, hour: hour, minute: minute)
            }
        }
        if let (hour, minute) = time(of: expression, dayNamed: false) {
            let result = moment(on: today, hour: hour, minute: minute)
            if result > now { return result }
            return moment(on: today + 1, hour: hour, minute: minute)
        }
        // An hour from 1 to 12 without am/pm: the next of the two.
        let hour = expression.hour! % 12
        let minute = expression.minute
        for (dayOffset, candidate) in [(0, hour), (0, hour + 12), (1, hour)] {
            let result = moment(on: today + dayOffset, hour: candidate, minute: minute)
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

    private func nextDate(month: Int?, day: Int, year: Int, currentMonth: Int, today: Int) -> Int? {
        if let month {
            for candidateYear in [year, year + 1] {
                if let date = LocalCalendar.day(year: candidateYear, month: month, day: day), date >= today { return date }
            }
            return nil
        }
        for offset in 0..<3 {
            let monthIndex = currentMonth - 1 + offset
            if let date = LocalCalendar.day(year: year + monthIndex / 12, month: monthIndex % 12 + 1, day: day), date >= today {
                return date
            }
        }
        return nil
    }

    private func moment(on day: Int, hour: Int, minute: Int) -> Date {
        calendar.instant(day: day, hour: hour, minute: minute)
    }

    private func endOfToday(_ today: Int) -> Date {
        moment(on: today, hour: 23, minute: 59)
    }
}
