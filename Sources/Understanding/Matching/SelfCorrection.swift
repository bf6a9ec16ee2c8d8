/// A spoken self-correction: "for Jake, no sorry, for Ava", "forty five, no wait, ninety
/// minutes", "tired, no, wiped out". The correction replaces the phrase of the same kind
/// said just before it, so the request reads as if the user had said it right first time.
enum SelfCorrection {
    /// The furthest back a corrected phrase reaches, in tokens.
    private static let reach = 4

    /// The tokens with each correction applied, or nil when the utterance has none.
    static func applied(to tokens: [Token]) -> [Token]? {
        var tokens = tokens
        var corrected = false
        var index = 1
        while index < tokens.count {
            guard tokens[index].flags.contains(.clauseStart),
                  let length = markerLength(tokens, at: index),
                  index + length < tokens.count
            else {
                index += 1
                continue
            }
            let replacement = index + length
            let start = correctedStart(tokens, marker: index, replacement: replacement)
            tokens[replacement].flags.insert(.afterCorrection)
            if start == 0 { tokens[replacement].flags.subtract(.clauseStart) }
            tokens.removeSubrange(start..<replacement)
            corrected = true
            index = start + 1
        }
        return corrected ? tokens : nil
    }

    /// "no wait", "no sorry", "no I mean", "no" followed by a pause, "sorry", "wait", "I mean",
    /// "or rather": how many tokens the marker takes, or nil when none starts at `index`. A
    /// "no" that runs on ("Sam, no screens after nine") is content, not a correction.
    private static func markerLength(_ tokens: [Token], at index: Int) -> Int? {
        func word(_ offset: Int, is word: BuiltinWord) -> Bool {
            index + offset < tokens.count && tokens[index + offset].id == word.id
        }
        if word(0, is: .no) {
            if word(1, is: .wait) || word(1, is: .sorry) { return 2 }
            if word(1, is: .i), word(2, is: .mean) { return 3 }
            return index + 1 < tokens.count && tokens[index + 1].flags.contains(.clauseStart) ? 1 : nil
        }
        if word(0, is: .sorry) || word(0, is: .wait) { return 1 }
        if word(0, is: .i), word(1, is: .mean) { return 2 }
        if word(0, is: .or), word(1, is: .rather) { return 2 }
        return nil
    }

    /// Where the phrase the correction replaces starts: back to the same preposition ("for
    /// Jake" before "for Ava"), over the amount or time before an amount or time, else back
    /// to the clause the marker follows, and at least the one word before the marker.
    private static func correctedStart(_ tokens: [Token], marker: Int, replacement: Int) -> Int {
        let floor = max(0, marker - reach)
        let first = tokens[replacement]
        if first.flags.contains(.stop) {
            for start in stride(from: marker - 1, through: floor, by: -1) where tokens[start].id == first.id {
                return start
            }
        }
        if isAmount(first) {
            var start = marker
            while start > floor, isAmount(tokens[start - 1]) { start -= 1 }
            if start < marker { return start }
        }
        for start in stride(from: marker - 1, through: floor, by: -1) where tokens[start].flags.contains(.clauseStart) {
            return start
        }
        return marker - 1
    }

    private static func isAmount(_ token: Token) -> Bool {
        token.id == .number || token.id == .clock || !token.flags.isDisjoint(with: [.numberWord, .temporal, .unit])
    }
}
