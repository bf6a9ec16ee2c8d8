/// What the user says they do not mean, said beside what they do: "not the website, I mean the
/// lunch-planner project, open it", "rather than a chores one, make it homework", "remind me,
/// not Dad, to renew the insurance", "log my mood, but not as happy, more like buzzing". The
/// phrase turned down is taken out, so its words neither fill a slot ("happy") nor stop the
/// request from being read; the request reads as if only what is meant had been said.
///
/// And a limit said before an amount ("snooze it, but no longer than twenty minutes", "at most
/// ten minutes") leaves the amount: the most the user allows is what they ask for.
enum NegatedAlternative {
    /// The longest phrase turned down, in tokens ("not in the default workspace").
    private static let reach = 6

    /// The tokens without the phrases turned down and the limits before amounts; nil when the
    /// utterance has neither.
    static func removed(from tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        guard tokens.count >= 3, tokens.contains(where: { mayBegin($0.id) }) || startsWithInstead(tokens, bytes: bytes) else { return nil }
        var tokens = tokens
        var changed = false
        if let end = leadingClauseEnd(tokens, bytes: bytes) {
            tokens.removeSubrange(0..<end)
            if tokens.count > 2, tokens[0].id == BuiltinWord.i.id, tokens[1].id == BuiltinWord.mean.id {
                tokens.removeSubrange(0..<2)
            }
            if tokens.count > 1, tokens[0].id == BuiltinWord.but.id { tokens.removeFirst() }
            tokens[0].flags.subtract(.breaks)
            changed = true
        }
        var index = 1
        while index < tokens.count {
            if let end = asideEnd(tokens, at: index) {
                tokens.removeSubrange(index..<end)
                changed = true
            } else if let length = limitLength(tokens, at: index, bytes: bytes) {
                let breaks = tokens[index].flags.intersection(.breaks)
                tokens.removeSubrange(index..<(index + length))
                tokens[index].flags.formUnion(breaks)
                changed = true
            } else {
                index += 1
            }
        }
        return changed && !tokens.isEmpty ? tokens : nil
    }

    private static func mayBegin(_ id: TokenID) -> Bool {
        id == BuiltinWord.not.id || id == BuiltinWord.no.id || id == BuiltinWord.rather.id || id == BuiltinWord.at.id
    }

    private static func startsWithInstead(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens[1].id == BuiltinWord.of.id && tokens[0].word(in: bytes).elementsEqual("instead".utf8)
    }

    /// Where a first clause that turns something down ends: "not …", "rather than …", "instead
    /// of …", up to a pause with more said after it.
    private static func leadingClauseEnd(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let opens = tokens[0].id == BuiltinWord.not.id && tokens[1].id != BuiltinWord.to.id
            || tokens[0].id == BuiltinWord.rather.id && tokens[1].id == BuiltinWord.than.id
            || startsWithInstead(tokens, bytes: bytes)
        guard opens, let end = nextPause(tokens, after: 0), end + 1 < tokens.count else { return nil }
        return end
    }

    /// Where an aside that turns something down ends: ", not Dad,", ", but not as happy,", said
    /// between two pauses; "not to …" says what to do, and stays.
    private static func asideEnd(_ tokens: [Token], at index: Int) -> Int? {
        guard tokens[index].flags.contains(.clauseStart) else { return nil }
        var not = index
        if tokens[index].id == BuiltinWord.but.id { not += 1 }
        guard not + 1 < tokens.count, tokens[not].id == BuiltinWord.not.id, tokens[not + 1].id != BuiltinWord.to.id,
              let end = nextPause(tokens, after: not) else { return nil }
        return end
    }

    /// The next clause start after `index`, within reach; nil when the clause runs on past it
    /// or to the end.
    private static func nextPause(_ tokens: [Token], after index: Int) -> Int? {
        let last = min(tokens.count - 1, index + reach + 1)
        guard index + 1 <= last else { return nil }
        return (index + 1...last).first { tokens[$0].flags.contains(.clauseStart) }
    }

    /// How many tokens a limit before an amount takes: "[but] no longer than", "not more than",
    /// "at most".
    private static func limitLength(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var start = index
        if tokens[start].id == BuiltinWord.but.id { start += 1 }
        guard start + 2 < tokens.count else { return nil }
        let length: Int
        if tokens[start].id == BuiltinWord.no.id || tokens[start].id == BuiltinWord.not.id,
           tokens[start + 1].id == BuiltinWord.more.id || tokens[start + 1].word(in: bytes).elementsEqual("longer".utf8),
           tokens[start + 2].id == BuiltinWord.than.id {
            length = start + 3 - index
        } else if tokens[start].id == BuiltinWord.at.id, tokens[start + 1].word(in: bytes).elementsEqual("most".utf8) {
            length = start + 2 - index
        } else {
            return nil
        }
        guard index + length < tokens.count, tokens[index + length].isAmountWord else { return nil }
        return length
    }
}
