/// Dates and times as people say them: "tomorrow at 5pm", "by 6pm", "Friday",
/// "next Tuesday morning", "in an hour", "tonight", "at noon", "March 5th",
/// "the 12th", "end of day", "half past 4", "five thirty".
///
/// Parts may come in any order, each once. Every prefix that forms a complete
/// expression is reported, so the matcher can try the longest first.
enum DateGrammar {
    static func parse(
        _ tokens: UnsafeBufferPointer<Token>, from start: Int, to limit: Int,
        visit: (Int, DateExpression) -> Void
    ) {
        var expression = DateExpression()
        var index = start
        while index < limit {
            var position = index
            var timeConnector = false
            var inConnector = false
            var thisOrNext = false
            // Connectors in front of a part: "on", "at 5", "by 6", "in an hour", "next Friday".
            connectors: while position < limit, let word = BuiltinWord(id: tokens[position].id) {
                switch word {
                case .on, .due, .for, .of, .and:
                    break
                case .at, .by, .before, .around, .until, .about:
                    timeConnector = true
                case .in:
                    inConnector = true
                case .this:
                    thisOrNext = true
                case .next:
                    thisOrNext = true
                    expression.next = true
                default:
                    break connectors
                }
                position += 1
            }
            guard position < limit,
                  let end = readPart(
                    tokens, at: position, to: limit, expression: &expression,
                    timeConnector: timeConnector, inConnector: inConnector, thisOrNext: thisOrNext)
            else { return }
            index = end
            visit(end, expression)
            if expression.relativeSeconds != nil { return }
        }
    }

    /// "two hours from now": a length of time, then "from now".
    private static func lengthFromNow(_ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int) -> (end: Int, minutes: Int)? {
        let token = tokens[index]
        guard token.id == .number || token.id == BuiltinWord.a.id || token.id == BuiltinWord.an.id
                || !token.flags.isDisjoint(with: [.numberWord, .unit]) else { return nil }
        var found: (end: Int, minutes: Int)?
        DurationGrammar.parse(tokens, from: index, to: limit) { end, minutes in
            // "now" may lie past the limit: a closing "now" is trimmed as a filler.
            if end < limit, end + 1 < tokens.count, tokens[end].id == BuiltinWord.from.id, tokens[end + 1].id == BuiltinWord.now.id {
                found = (min(end + 2, limit), minutes)
            }
        }
        return found
    }

    private static let partOfDayWords: BuiltinWordSet = [
        BuiltinWord.morning.id, BuiltinWord.afternoon.id, BuiltinWord.evening.id, BuiltinWord.night.id,
    ]

    /// Reads one part at `index` into `expression`; returns where it ends, or nil
    /// when there is no part there or it repeats one already read.
    private static func readPart(
        _ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int, expression: inout DateExpression,
        timeConnector: Bool, inConnector: Bool, thisOrNext: Bool
    ) -> Int? {
        let token = tokens[index]
        if inConnector, !partOfDayWords.contains(token.id) {
            guard !expression.hasDay, !expression.hasTime else { return nil }
            var best: (end: Int, minutes: Int)?
            DurationGrammar.parse(tokens, from: index, to: limit) { end, minutes in
                // A bare number after "in" is not a length of time.
                if end - index > 1 || tokens[index].id != .number, best == nil || end > best!.end {
                    best = (end, minutes)
                }
            }
            guard let best else { return nil }
            expression.relativeSeconds = best.minutes * 60
            return best.end
        }
        if let end = lengthFromNow(tokens, at: index, to: limit), !expression.hasDay, !expression.hasTime {
            expression.relativeSeconds = end.minutes * 60
            return end.end
        }
        if token.id == .clock {
            guard expression.hour == nil else { return nil }
            expression.hour = Int(token.value) / 60
            expression.minute = Int(token.value) % 60
            return readMeridiem(tokens, at: index + 1, to: limit, expression: &expression)
        }
        if token.id == .number {
            return readNumber(tokens, at: index, to: limit, expression: &expression, timeConnector: timeConnector)
        }
        if token.id == .ordinal {
            guard expression.dayOfMonth == nil, !expression.hasDay, (1...31).contains(token.value) else { return nil }
            expression.dayOfMonth = Int(token.value)
            var end = index + 1
            if end + 1 < limit, tokens[end].id == BuiltinWord.of.id,
               let month = BuiltinWord(id: tokens[end + 1].id)?.month {
                expression.month = month
                end += 2
            }
            return end
        }
        guard let word = BuiltinWord(id: token.id) else { return nil }
        if let weekday = word.weekday {
            guard !expression.hasDay else { return nil }
            expression.weekday = weekday
            return index + 1
        }
        if let month = word.month {
            // "March 5th", "may 12": a month name is a date only with its day.
            guard !expression.hasDay, index + 1 < limit,
                  tokens[index + 1].id == .number || tokens[index + 1].id == .ordinal,
                  (1...31).contains(tokens[index + 1].value) else { return nil }
            expression.month = month
            expression.dayOfMonth = Int(tokens[index + 1].value)
            return index + 2
        }
        switch word {
        case .today, .tonight:
            guard !expression.hasDay else { return nil }
            expression.dayOffset = 0
            if word == .tonight {
                guard expression.partOfDay == nil else { return nil }
                expression.partOfDay = .night
            }
            return index + 1
        case .tomorrow:
            guard !expression.hasDay else { return nil }
            expression.dayOffset = 1
            return index + 1
        case .day:
            // "the day after tomorrow"
            guard !expression.hasDay, index + 2 < limit, tokens[index + 1].id == BuiltinWord.after.id,
                  tokens[index + 2].id == BuiltinWord.tomorrow.id else { return nil }
            expression.dayOffset = 2
            return index + 3
        case .morning, .afternoon, .evening, .night:
            // "this morning", "tomorrow evening", "in the afternoon", "at night"; a bare
            // "morning" is more often "every morning" than a time.
            guard expression.partOfDay == nil,
                  thisOrNext || inConnector || timeConnector || expression.hasDay || expression.hour != nil
            else { return nil }
            expression.partOfDay = switch word {
            case .morning: .morning
            case .afternoon: .afternoon
            case .evening: .evening
            default: .night
            }
            if thisOrNext, expression.dayOffset == nil, expression.weekday == nil { expression.dayOffset = 0 }
            return index + 1
        case .noon, .midday, .midnight:
            guard expression.hour == nil else { return nil }
            expression.hour = word == .midnight ? 0 : 12
            expression.meridiem = word == .midnight ? .am : .pm
            if word == .midnight, expression.dayOffset == nil, !expression.hasDay { expression.dayOffset = 1 }
            return index + 1
        case .first:
            // "first thing tomorrow", "first thing in the morning": 8:00.
            guard index + 1 < limit, tokens[index + 1].id == BuiltinWord.thing.id, expression.hour == nil,
                  expression.partOfDay == nil else { return nil }
            expression.hour = 8
            expression.minute = 0
            expression.meridiem = .am
            return index + 2
        case .breakfast, .lunch, .dinner, .bedtime:
            // "before dinner", "by bedtime", "tomorrow at lunch"; a bare "dinner" is a meal.
            guard expression.hour == nil, expression.partOfDay == nil, timeConnector || expression.hasDay else { return nil }
            (expression.hour, expression.meridiem) = switch word {
            case .breakfast: (8, .am)
            case .lunch: (12, .pm)
            case .dinner: (6, .pm)
            default: (8, .pm)
            }
            expression.minute = 0
            return index + 1
        case .eod:
            guard !expression.hasTime else { return nil }
            expression.endOfDay = true
            return index + 1
        case .end:
            // "end of (the) day", "end of (the) week"
            guard index + 2 < limit, tokens[index + 1].id == BuiltinWord.of.id, !expression.hasTime else { return nil }
            if tokens[index + 2].id == BuiltinWord.day.id || tokens[index + 2].id == BuiltinWord.today.id {
                expression.endOfDay = true
                return index + 3
            }
            if tokens[index + 2].id == BuiltinWord.week.id, !expression.hasDay {
                expression.weekAnchor = 6
                expression.endOfDay = true
                return index + 3
            }
            return nil
        case .week:
            // "next week"
            guard expression.next, !expression.hasDay else { return nil }
            expression.weekAnchor = 2
            return index + 1
        case .weekend:
            guard !expression.hasDay else { return nil }
            expression.weekAnchor = 7
            return index + 1
        case .half, .quarter:
            // "half past 4", "quarter past 4", "quarter to 5"
            guard expression.hour == nil, index + 2 < limit, tokens[index + 2].id == .number,
                  (1...12).contains(tokens[index + 2].value) else { return nil }
            let hour = Int(tokens[index + 2].value)
            let connector = tokens[index + 1].id
            if connector == BuiltinWord.past.id || connector == BuiltinWord.after.id {
                expression.hour = hour
                expression.minute = word == .half ? 30 : 15
            } else if connector == BuiltinWord.to.id, word == .quarter {
                expression.hour = hour == 1 ? 12 : hour - 1
                expression.minute = 45
            } else {
                return nil
            }
            return readMeridiem(tokens, at: index + 3, to: limit, expression: &expression)
        default:
            return nil
        }
    }

    /// "5pm", "5 o'clock", "five thirty", "at 6", "17".
    private static func readNumber(
        _ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int, expression: inout DateExpression,
        timeConnector: Bool
    ) -> Int? {
        guard expression.hour == nil else { return nil }
        let value = Int(tokens[index].value)
        var end = index + 1
        var minute = 0
        // "five thirty", "6 15"
        if end < limit, tokens[end].id == .number, (0...59).contains(tokens[end].value), value <= 12,
           tokens[end].value >= 10 || tokens[end].value == 0 {
            minute = Int(tokens[end].value)
            end += 1
        }
        let hasMeridiem = end < limit && (tokens[end].id == BuiltinWord.am.id || tokens[end].id == BuiltinWord.pm.id)
        let hasOclock = end < limit && tokens[end].id == BuiltinWord.oclock.id
        if hasMeridiem || hasOclock {
            guard (1...12).contains(value) else { return nil }
        } else {
            // A bare number is a time only after "at", "by", ... or with minutes.
            guard timeConnector || end - index > 1, (0...23).contains(value) else { return nil }
        }
        expression.hour = value
        expression.minute = minute
        if hasOclock { return end + 1 }
        return readMeridiem(tokens, at: end, to: limit, expression: &expression)
    }

    private static func readMeridiem(
        _ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int, expression: inout DateExpression
    ) -> Int {
        guard index < limit else { return index }
        if tokens[index].id == BuiltinWord.am.id {
            expression.meridiem = .am
            return index + 1
        }
        if tokens[index].id == BuiltinWord.pm.id {
            expression.meridiem = .pm
            return index + 1
        }
        return index
    }
}
