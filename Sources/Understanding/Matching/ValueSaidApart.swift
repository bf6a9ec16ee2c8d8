/// A value said apart from its request. Before it, with a word in the request pointing back
/// to it: "budget-tracker. Open it in CodingBridge", "edge-proxy — open a new Oppi session on
/// that one", "the home-lab workspace, fresh Oppi chat in there", "MoodBoard, the mood I'm down
/// as right now, what is it"; each reading puts the value where a pointing word stands, so the
/// request reads as if said whole. After it, with words that say what it is: "open a project in
/// CodingBridge, it's called tide-charts", "run the deploy script, the project is quiz-night".
enum ValueSaidApart {
    /// A value said after the request with words that say what it is: "it's called tide-charts",
    /// "the project is quiz-night", "the project's called chess-clock". The label is the word
    /// naming what the value is ("project"), nil after "it" or "that"; the value is one to four
    /// tokens of a name.
    static func labelled(_ clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> (label: [UInt8]?, value: Range<Int>)? {
        if let named = valueThenLabel(clause, bytes: bytes) { return named }
        var label: [UInt8]?
        var index = clause.startIndex
        if let start = nameStart(afterPointer: clause, bytes: bytes) {
            index = start
        } else {
            guard index < clause.endIndex, clause[index].id == .unknown && !clause[index].flags.contains(.app) || isLabel(clause[index]) else {
                return nil
            }
            // "the project's called …": the word without its "'s".
            var word = clause[index].word(in: bytes)
            if word.withUnsafeBufferPointer(Tokenizer.endsInPossessive) { word.removeLast(2) }
            label = word
            index += 1
            // "the project is quiz-night" names it, as "the project's called …" does.
            var said = false
            if index < clause.endIndex, clause[index].id == BuiltinWord.is.id { index += 1; said = true }
            if index < clause.endIndex, namingWords.contains(clause[index].word(in: bytes)) { index += 1; said = true }
            guard said else { return nil }
        }
        let value = index..<clause.endIndex
        guard (1...4).contains(value.count), isName(clause[value]) else { return nil }
        return (label, value)
    }

    /// Where the name begins in a clause that names what was asked for by pointing at it: "it's
    /// called …", "that's named …" ("it's crawling" tells how it is, and names nothing).
    static func nameStart(afterPointer clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = clause.startIndex
        guard index < clause.endIndex, clause[index].id == BuiltinWord.it.id || clause[index].id == BuiltinWord.that.id else { return nil }
        index += 1
        if index < clause.endIndex, clause[index].id == BuiltinWord.is.id { index += 1 }
        guard index < clause.endIndex, namingWords.contains(clause[index].word(in: bytes)) else { return nil }
        return index + 1
    }

    /// A word that says what a value is ("workspace", "project"): a word of the catalog, not an
    /// app's name.
    static func isLabel(_ token: Token) -> Bool {
        token.id >= BuiltinWord.firstCatalogID && !token.flags.contains(.app)
    }

    /// Words that can make a name: no function word, time or app among them.
    static func isName(_ tokens: ArraySlice<Token>) -> Bool {
        tokens.allSatisfy { $0.flags.isDisjoint(with: [.stop, .temporal, .app]) }
    }

    /// A value said with the word that says what it is after it, as a sentence of its own after
    /// the request: "Oppi, new session, flight-logbook workspace. Confirm when it's ready."
    private static func valueThenLabel(_ clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> (label: [UInt8]?, value: Range<Int>)? {
        let end = clause.indices.dropFirst().first(where: { !clause[$0].flags.isDisjoint(with: .breaks) }) ?? clause.endIndex
        guard (2...4).contains(end - clause.startIndex) else { return nil }
        let label = clause[end - 1]
        guard isLabel(label), isName(clause[clause.startIndex..<(end - 1)]) else { return nil }
        return (label.word(in: bytes), clause.startIndex..<(end - 1))
    }

    /// Words that introduce a name: "it's called …", "the one named …".
    static let namingWords: Set<[UInt8]> = [Array("called".utf8), Array("named".utf8)]

    /// A value said first with the word that says what it is after it, before a pause: "the
    /// billing-gateway workspace — get Oppi to …", "the quiz-night project, run the deploy
    /// script", also after the app addressed ("Oppi, billing-core workspace, add …"). The label
    /// is that word; the value, the one to three words of a name before it; `said`, the tokens
    /// up to the pause (after the app addressed, if one was), which the request is read without.
    /// A hyphenated name may go without a label, after "in", "on" or "for" or alone
    /// ("CodingBridge, on station-roster, kick off the tests", "group-itinerary: anything not
    /// committed?"): the label is then nil.
    static func labelledFirst(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> (label: [UInt8]?, value: Range<Int>, said: Range<Int>)? {
        let first = tokens.count >= 2 && tokens[0].flags.contains(.app) && !tokens[1].flags.isDisjoint(with: .breaks) ? 1 : 0
        guard tokens.count >= first + 3,
              let pause = (first + 1...min(first + 5, tokens.count - 2)).first(where: { !tokens[$0].flags.isDisjoint(with: .breaks) })
        else { return nil }
        if pause - first >= 2, tokens.count >= first + 4, isLabel(tokens[pause - 1]), isName(tokens[first..<(pause - 1)]) {
            return (tokens[pause - 1].word(in: bytes), first..<(pause - 1), first..<pause)
        }
        if pause - first >= 2, isPlacingWord(tokens[first].id), isHyphenatedName(tokens[(first + 1)..<pause], bytes: bytes) {
            return (nil, (first + 1)..<pause, first..<pause)
        }
        if isHyphenatedName(tokens[first..<pause], bytes: bytes) { return (nil, first..<pause, first..<pause) }
        return nil
    }

    /// A hyphenated name that opens the utterance, after the app addressed if one was, whether
    /// a pause follows it or not ("CodingBridge, crew-schedule get changes not committed?").
    static func hyphenatedNameFirst(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let first = tokens.firstIndex { !$0.flags.contains(.app) } ?? tokens.endIndex
        guard first < tokens.endIndex, tokens[first].id == .unknown,
              isHyphenatedName(tokens[first...first], bytes: bytes) else { return nil }
        return first..<(first + 1)
    }

    /// A hyphenated name said last as a clause of its own ("Oppi, new session, recall-list").
    static func hyphenatedNameLast(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard tokens.count >= 3,
              let start = tokens.indices.dropFirst(tokens.count - 3).last(where: { !tokens[$0].flags.isDisjoint(with: .breaks) }),
              isHyphenatedName(tokens[start...], bytes: bytes) else { return nil }
        return start..<tokens.count
    }

    /// The one name written as code in the utterance, wherever it was said ("Mohamed says the
    /// price page in poyo-shop is broken again. CodingBridge, run the tests on it."); nil when two
    /// different ones were, and not one labelled as what it is ("the billing-api workspace": that
    /// label says which parameter it is, or that it is none of the intent's).
    static func onlyHyphenatedName(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var found: Range<Int>?
        for index in tokens.indices where tokens[index].id == .unknown && isHyphenatedName(tokens[index...index], bytes: bytes) {
            if index + 1 < tokens.count, tokens[index + 1].flags.isDisjoint(with: .breaks), isLabel(tokens[index + 1], bytes: bytes) { return nil }
            if let first = found?.lowerBound {
                guard tokens[first].word(in: bytes) == tokens[index].word(in: bytes) else { return nil }
            } else {
                found = index..<(index + 1)
            }
        }
        return found
    }

    static func isLabel(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        labelWords.contains(token.word(in: bytes))
    }

    private static let labelWords: Set<[UInt8]> = Set(["workspace", "project", "repo", "repository", "codebase"].map { Array($0.utf8) })

    /// A name written as one hyphenated word ("colour-chart", "station-roster"), as a project or
    /// a workspace is: a sentence's word is not one.
    static func isHyphenatedName(_ tokens: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isName(tokens), let first = tokens.first, let last = tokens.last else { return false }
        let written = bytes[Int(first.start)..<Int(last.end)]
        return written.contains(UInt8(ascii: "-")) && !written.contains(UInt8(ascii: " "))
    }

    /// Values said with their label inside a request's free text, set off by a pause, an "and" or
    /// a word that opens a clause after them: "ask Oppi to profile the particle system in the
    /// boss-arena workspace, the frame rate tanks …", "… in the shop-prices workspace so the bread
    /// comes up cheaper". The label is the word after the value ("workspace"); the value, the
    /// one to three words of a name right after the preposition (the tokenizer drops "the"); the
    /// span, the tokens from the preposition to the label, which the request is read again without.
    /// A label may come first, the name then running to a pause ("I have a question in the
    /// workspace lesson-planner: why …"). With `anywhere`, a label may also end the utterance or
    /// have any word after it, and the value may follow any word and "the" ("has the
    /// ward-rounds-app project got changes", "in the project casa-nova, …"): for a request heard by
    /// its gist, where no phrasing holds the words around it ("whether anything in the
    /// lecture-notes project remains uncommitted").
    static func labelledInside(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, anywhere: Bool = false) -> [(label: [UInt8], value: Range<Int>, span: Range<Int>)] {
        var found: [(label: [UInt8], value: Range<Int>, span: Range<Int>)] = []
        let reach = anywhere ? tokens.count : tokens.count - 1
        // Anywhere, a value may open the utterance or follow "the" ("With respect to the
        // contract-parser project, …"; not "CodingBridge to run a command"); inside a prompt
        // those words are the prompt's own.
        for index in tokens.indices.dropFirst(anywhere ? 0 : 1)
        where isPlacingWord(tokens[index].id) || anywhere && isBeforeThe(tokens, at: index, bytes: bytes) {
            let start = index + 1
            if let labelFirst = labelThenName(tokens, at: start) {
                found.append((tokens[start].word(in: bytes), labelFirst, index..<labelFirst.upperBound))
                continue
            }
            for label in (start + 1)..<max(start + 1, min(start + 4, reach)) {
                // A part of the word before it is no label: "family-tree" reads as "family" and "tree".
                let labels = isLabel(tokens[label]) && !tokens[label].isPart(after: tokens[label - 1])
                if anywhere {
                    guard labels else { continue }
                } else {
                    let next = tokens[label + 1]
                    guard !next.flags.isDisjoint(with: .breaks) || opensClause(next.id) else { continue }
                }
                if labels, isName(tokens[start..<label]), tokens[(start + 1)...label].allSatisfy({ $0.flags.isDisjoint(with: .breaks) }) {
                    found.append((tokens[label].word(in: bytes), start..<label, index..<(label + 1)))
                }
                break
            }
        }
        return found
    }

    /// "and", "so", "because", "since", "but", "then", "I", "we": after a labelled value, the
    /// request goes on ("… in the shop-prices workspace so the bread …", "in the bulb-stock
    /// workspace I would like …"), while "in the demo workspace config" names something else.
    private static func opensClause(_ id: TokenID) -> Bool {
        id == BuiltinWord.and.id || id == BuiltinWord.so.id || id == BuiltinWord.because.id
            || id == BuiltinWord.since.id || id == BuiltinWord.but.id || id == BuiltinWord.then.id
            || id == BuiltinWord.i.id || id == BuiltinWord.we.id
    }

    /// A word with "the" dropped after it.
    private static func isBeforeThe(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index + 1 < tokens.count else { return false }
        return DictatedText.determinerStart(in: bytes, before: Int(tokens[index + 1].start), notBefore: Int(tokens[index].end)) != nil
    }

    /// A label and then a name the vocabulary does not know, of one to three words, up to a pause
    /// or the end: "project casa-nova," in "in the project casa-nova, have some change …".
    private static func labelThenName(_ tokens: [Token], at start: Int) -> Range<Int>? {
        guard start + 1 < tokens.count, isLabel(tokens[start]), tokens[start + 1].id == .unknown,
              tokens[start + 1].flags.isDisjoint(with: .breaks) else { return nil }
        let stop = (start + 2...min(start + 4, tokens.count)).first { $0 == tokens.count || !tokens[$0].flags.isDisjoint(with: .breaks) }
        guard let stop, isName(tokens[(start + 1)..<stop]) else { return nil }
        return (start + 1)..<stop
    }

    /// "in", "on" or "for": asked of each token of a prompt, so compared, not hashed.
    static func isPlacingWord(_ id: TokenID) -> Bool {
        id == BuiltinWord.in.id || id == BuiltinWord.on.id || id == BuiltinWord.for.id
    }

    /// A word of the catalog, a name or an amount: not only an app's name, a greeting or a
    /// function word ("Oppi, open it", "hey, do it" point at nothing said).
    static func namesSomething(_ token: Token) -> Bool {
        guard !token.flags.contains(.app) else { return false }
        return token.id == .unknown || token.id == .number || token.id >= BuiltinWord.firstCatalogID
    }
}
