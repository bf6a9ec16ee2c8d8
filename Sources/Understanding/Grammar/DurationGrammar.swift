/// Lengths of time: "45 minutes", "an hour", "half an hour", "an hour and a half",
/// "1 hour 30 minutes", "a couple of hours", "10 more minutes", and a bare number
/// (minutes) when nothing else fits.
enum DurationGrammar {
    /// Calls `visit(end, minutes)` for every reading that starts at `start`.
    static func parse(
        _ tokens: UnsafeBufferPointer<Token>, from start: Int, to limit: Int, visit: (Int, Int) -> Void
    ) {
        var index = start
        if index < limit, let word = BuiltinWord(id: tokens[index].id), word == .for || word == .by || word == .another {
            index += 1
        }
        guard index < limit else { return }
        let first = tokens[index]
        if first.id == .number {
            visit(index + 1, Int(first.value))
            numberThenUnit(tokens, from: index, to: limit, visit: visit)
            return
        }
        guard let word = BuiltinWord(id: first.id) else { return }
        switch word {
        case .half:
            // "half an hour", "half hour"
            var next = index + 1
            if next < limit, tokens[next].id == .number, tokens[next].value == 1 { next += 1 }
            if next < limit, let seconds = unitSeconds(tokens[next]) { visit(next + 1, minutes(seconds / 2)) }
        case .quarter:
            // "a quarter of an hour", "quarter hour"
            var next = index + 1
            if next < limit, tokens[next].id == BuiltinWord.of.id { next += 1 }
            if next < limit, tokens[next].id == .number, tokens[next].value == 1 { next += 1 }
            if next < limit, tokens[next].id == BuiltinWord.hour.id { visit(next + 1, 15) }
        case .couple, .few, .several:
            var next = index + 1
            if next < limit, tokens[next].id == BuiltinWord.of.id { next += 1 }
            if next < limit, tokens[next].id == BuiltinWord.more.id || tokens[next].id == BuiltinWord.extra.id { next += 1 }
            if next < limit, let seconds = unitSeconds(tokens[next]) {
                visit(next + 1, minutes(seconds * (word == .couple ? 2 : 3)))
            }
        default:
            break
        }
    }

    /// "45 minutes", "10 more minutes", "1 and a half hours", "an hour and a half", "an hour and a quarter",
    /// "1 hour 30 minutes", "an hour and 15 minutes".
    private static func numberThenUnit(
        _ tokens: UnsafeBufferPointer<Token>, from index: Int, to limit: Int, visit: (Int, Int) -> Void
    ) {
        let count = Int(tokens[index].value)
        var next = index + 1
        if next + 2 < limit, tokens[next].id == BuiltinWord.and.id, tokens[next + 1].id == BuiltinWord.half.id,
           let seconds = unitSeconds(tokens[next + 2]) {
            visit(next + 3, minutes(count * seconds + seconds / 2))
            return
        }
        if next < limit, tokens[next].id == BuiltinWord.more.id || tokens[next].id == BuiltinWord.extra.id { next += 1 }
        guard next < limit, let seconds = unitSeconds(tokens[next]) else { return }
        let total = count * seconds
        next += 1
        visit(next, minutes(total))
        // "... and a half", "... and a quarter"
        if next + 1 < limit, tokens[next].id == BuiltinWord.and.id,
           tokens[next + 1].id == BuiltinWord.half.id || tokens[next + 1].id == BuiltinWord.quarter.id {
            visit(next + 2, minutes(total + seconds / (tokens[next + 1].id == BuiltinWord.half.id ? 2 : 4)))
            return
        }
        // "... [and] 30 minutes"
        var rest = next
        if rest < limit, tokens[rest].id == BuiltinWord.and.id { rest += 1 }
        if rest + 1 < limit, tokens[rest].id == .number, let more = unitSeconds(tokens[rest + 1]), more < seconds {
            visit(rest + 2, minutes(total + Int(tokens[rest].value) * more))
        }
    }

    static func unitSeconds(_ token: Token) -> Int? {
        token.flags.contains(.unit) ? Int(token.value) : nil
    }

    /// Whole minutes, at least one for any positive length.
    static func minutes(_ seconds: Int) -> Int {
        seconds <= 0 ? 0 : max(1, (seconds + 30) / 60)
    }
}

/// Whole numbers and yes/no answers.
enum ScalarGrammar {
    static func integer(_ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int) -> Int? {
        guard index < limit, tokens[index].id == .number else { return nil }
        return Int(tokens[index].value)
    }

    static func bool(_ tokens: UnsafeBufferPointer<Token>, at index: Int, to limit: Int) -> Bool? {
        guard index < limit, let word = BuiltinWord(id: tokens[index].id) else { return nil }
        switch word {
        case .yes, .yeah, .yep, .yup, .sure, .true, .ok, .okay: return true
        case .no, .nope, .nah, .false: return false
        default: return nil
        }
    }
}
