/// Turns text into tokens: lower-cases, splits words, spells out contractions,
/// reads numbers ("forty five", "5pm", "6:30"), and drops words that never change
/// the meaning ("please", "the", "my"). Works on UTF-8 bytes and allocates only
/// the token array it appends to.
struct Tokenizer {
    let vocabulary: Vocabulary

    /// Longest word looked up; longer ones are unknown words.
    private static let maxWordLength = 48

    func tokenize(_ text: UnsafeBufferPointer<UInt8>, into tokens: inout [Token]) {
        var state = State()
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maxWordLength) { scratch in
            var index = 0
            let count = text.count
            var pendingBreak: TokenFlags = []
            while index < count {
                guard var length = Self.wordLength(text, from: index) else {
                    pendingBreak.formUnion(Self.breakFlags(text, at: index))
                    index += Self.sequenceLength(text[index])
                    continue
                }
                let stammer = Self.stammerLength(text, from: index, length: length)
                index += stammer
                length -= stammer
                var end = index + length
                var wordLength = 0
                var position = index
                while position < end, wordLength < Self.maxWordLength {
                    let byte = text[position]
                    if byte == 0xE2, position + 2 < end, text[position + 1] == 0x80,
                       text[position + 2] == 0x99 || text[position + 2] == 0x98 {
                        scratch[wordLength] = UInt8(ascii: "'")
                        position += 3
                    } else {
                        scratch[wordLength] = (byte >= 0x41 && byte <= 0x5A) ? byte | 0x20 : byte
                        position += 1
                    }
                    wordLength += 1
                }
                // "a.m." and "p.m." read as "am" and "pm"; so do "a m" and "p m" after a number
                // ("five p m"), as a recogniser writes them.
                if wordLength == 1, scratch[0] == UInt8(ascii: "a") || scratch[0] == UInt8(ascii: "p"),
                   let suffix = Self.meridiemSuffixLength(text, at: end, afterNumber: tokens.last?.id == .number) {
                    scratch[1] = UInt8(ascii: "m")
                    wordLength = 2
                    end += suffix
                }
                wordLength = restoringElision(text, start: index, end: end, scratch: scratch, length: wordLength)
                let word = UnsafeBufferPointer(rebasing: scratch[0..<wordLength])
                let emitted = tokens.count
                let afterTitle = state.afterTitle
                state.afterTitle = false
                readWord(word, start: Int32(index), end: Int32(end), written: UnsafeBufferPointer(rebasing: text[index..<end]),
                         state: &state, tokens: &tokens)
                if tokens.count == emitted + 1, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(text[index]), isGerund(word) {
                    tokens[emitted].flags.insert(.gerund)
                }
                // "Grandma Rose", "Uncle Dev": a family title and the name after it are one name.
                if tokens.count == emitted + 1, emitted > 0, afterTitle, pendingBreak.isEmpty,
                   tokens[emitted].id == .unknown, tokens[emitted].flags.contains(.writtenAsName) {
                    let name = tokens.removeLast()
                    tokens[emitted - 1].id = .unknown
                    tokens[emitted - 1].end = name.end
                    tokens[emitted - 1].flags = tokens[emitted - 1].flags.intersection(.breaks).union(name.flags)
                }
                // "remind remind Jake", "run um run tests": a word said twice in a row is said once,
                // from where it was said again.
                if tokens.count == emitted + 1, emitted > 0, pendingBreak.isEmpty, Self.isStutter(tokens[emitted - 1], tokens[emitted]) {
                    let breaks = tokens[emitted - 1].flags.intersection(.breaks)
                    tokens[emitted - 1] = tokens.removeLast()
                    tokens[emitted - 1].flags.formUnion(breaks)
                }
                if !pendingBreak.isEmpty, tokens.count > emitted {
                    tokens[emitted].flags.formUnion(pendingBreak)
                    pendingBreak = []
                } else if !pendingBreak.isEmpty, word.elementsEqual("actually".utf8) {
                    // Dropped like any "actually", but at a clause start it may open a correction.
                    pendingBreak.insert(.afterActually)
                }
                index = end
            }
        }
        Self.droppingRestarts(&tokens)
    }

    /// A known word, not a number, right after itself.
    private static func isStutter(_ before: Token, _ token: Token) -> Bool {
        token.id == before.id && token.id != .unknown && token.id != .number
    }

    // MARK: Words

    /// What the previous words left pending.
    private struct State {
        /// "a"/"an" seen: it means one before a unit ("an hour"), nothing otherwise.
        var article: (start: Int32, end: Int32)?
        /// "all", "any", "some" or "which" came: drop a following "of" too ("all of my nags",
        /// "which of my nags are for homework").
        var dropOf = false
        /// How the last number token can still grow: tens take units, and
        /// anything below a hundred takes "hundred".
        var numberCanTakeUnits = false
        var numberCanTakeHundred = false
        var numberCanTakeTens = false
        /// "my", "our" or "your" was dropped: words that say who someone is may follow.
        var afterPossessive = false
        /// Where the words after a possessive that say who someone is begin ("my little bro
        /// Tyler"); they are taken out if a name follows.
        var personDescription: Int?
        /// The last word read was a family title said without a possessive ("Grandma"): a name
        /// written after it joins it.
        var afterTitle = false
        /// The clause break a dropped word carried ("Me brother says so" after a full stop): the
        /// next word emitted takes it.
        var breaksOfDroppedWord: TokenFlags = []
    }

    private func readWord(
        _ word: UnsafeBufferPointer<UInt8>, start: Int32, end: Int32, written: UnsafeBufferPointer<UInt8>? = nil,
        state: inout State, tokens: inout [Token]
    ) {
        guard !word.isEmpty else { return }
        if Self.isDigit(word[0]) {
            state.afterPossessive = false
            state.personDescription = nil
            readNumeral(word, start: start, end: end, state: &state, tokens: &tokens)
            return
        }
        let hash = WordTable.hash(word)
        guard let index = vocabulary.entryIndex(word, hash: hash) ?? possessiveStem(of: word) ?? droppedG(of: word) else {
            // "my own nags" asks for what "my nags" does.
            if state.afterPossessive, word.elementsEqual("own".utf8) { return }
            if !readHyphenated(word, start: start, end: end, state: &state, tokens: &tokens) {
                // Asked only of unknown words, and only of a whole word as written (a part or a
                // number's suffix is none): "Ben" after the first word, or "billing-service".
                let asName = written.map { Self.isWrittenAsName($0, first: tokens.isEmpty) } == true
                var flags: TokenFlags = asName ? .writtenAsName : []
                if let description = state.personDescription {
                    flags.formUnion(tokens[description].flags.intersection(.breaks))
                    tokens.removeSubrange(description...)
                }
                state.afterPossessive = false
                state.personDescription = nil
                if Self.endsInPossessive(word) { flags.insert(.possessive) }
                emit(Token(id: .unknown, start: start, end: end, flags: flags),
                     isNumberWord: false, state: &state, tokens: &tokens)
            }
            return
        }
        let entry = vocabulary.entry(at: index)
        if let expansion = entry.expansion {
            for part in expansion {
                read(vocabulary.entry(at: vocabulary.expansions[Int(part)]), start: start, end: end, state: &state, tokens: &tokens)
            }
        } else {
            read(entry, start: start, end: end, state: &state, tokens: &tokens)
        }
    }

    /// A word whose left-out letters the writer marked with an apostrophe, spelled in full: "in
    /// t' workspace" is "the"; "Nagz, 'as owt changed" is "has" when the vocabulary knows the word
    /// with its "h" (a dropped "h", as "anythin'" drops a "g"). Only at the start of a clause: after
    /// a word, an apostrophe more often opens a quote ("a mood called 'as good as it gets'").
    /// Returns the word's new length.
    private func restoringElision(
        _ text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, scratch: UnsafeMutableBufferPointer<UInt8>, length: Int
    ) -> Int {
        if length == 1, scratch[0] == UInt8(ascii: "t"), end < text.count, text[end] == UInt8(ascii: "'") {
            scratch[1] = UInt8(ascii: "h")
            scratch[2] = UInt8(ascii: "e")
            return 3
        }
        guard start > 0, text[start - 1] == UInt8(ascii: "'"), Self.opensClause(text, before: start - 1),
              length + 1 < Self.maxWordLength, scratch[0] != UInt8(ascii: "h"), Self.isLetterOrDigit(scratch[0]) else { return length }
        for position in stride(from: length, to: 0, by: -1) { scratch[position] = scratch[position - 1] }
        scratch[0] = UInt8(ascii: "h")
        let full = UnsafeBufferPointer(rebasing: scratch[0...length])
        if vocabulary.knows(full) { return length + 1 }
        for position in 0..<length { scratch[position] = scratch[position + 1] }
        return length
    }

    /// A known verb with "ing" ("sending", "taking", "getting"; not "Sterling" or "king").
    private func isGerund(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count > 5, word.count < Self.maxWordLength, word[word.count - 3] == UInt8(ascii: "i"),
              word[word.count - 2] == UInt8(ascii: "n"), word[word.count - 1] == UInt8(ascii: "g") else { return false }
        let stem = word.count - 3
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stem + 1) { spelled in
            _ = spelled.initialize(from: word[0..<stem])
            func known(_ length: Int) -> Bool { vocabulary.knows(UnsafeBufferPointer(rebasing: spelled[0..<length])) }
            // "send-ing"; "get-t-ing"; "tak-ing" is "take".
            if known(stem) || spelled[stem - 1] == spelled[stem - 2] && known(stem - 1) { return true }
            spelled[stem] = UInt8(ascii: "e")
            return known(stem + 1)
        }
    }

    /// Whether nothing but spaces lies between `index` and the start of the text or a clause's
    /// punctuation before it.
    private static func opensClause(_ text: UnsafeBufferPointer<UInt8>, before index: Int) -> Bool {
        var position = index - 1
        while position >= 0, text[position] == UInt8(ascii: " ") { position -= 1 }
        return position < 0 || !breakFlags(text, at: position).isEmpty
    }

    /// A known word with "'s" after it ("family's", "today's") reads as the word: the
    /// possessive and the spoken "is" both leave what is asked unchanged.
    private func possessiveStem(of word: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard Self.endsInPossessive(word) else { return nil }
        let stem = UnsafeBufferPointer(rebasing: word[0..<(word.count - 2)])
        return vocabulary.entryIndex(stem, hash: WordTable.hash(stem))
    }

    /// A word said with its "g" dropped ("anythin'", "pullin'") reads as the word with it, when
    /// the vocabulary knows that word.
    private func droppedG(of word: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard word.count > 3, word.count < Self.maxWordLength, word[word.count - 2] == UInt8(ascii: "i"),
              word[word.count - 1] == UInt8(ascii: "n") else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: word.count + 1) { spelled in
            _ = spelled.initialize(from: word)
            spelled[word.count] = UInt8(ascii: "g")
            let full = UnsafeBufferPointer(spelled)
            return vocabulary.entryIndex(full, hash: WordTable.hash(full))
        }
    }

    /// "family's", "Sophie's" (a curly apostrophe was read as a straight one).
    static func endsInPossessive(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        word.count > 2 && word[word.count - 1] == UInt8(ascii: "s") && word[word.count - 2] == UInt8(ascii: "'")
    }

    private static let namingPrepositions: BuiltinWordSet = [BuiltinWord.on.id, BuiltinWord.in.id, BuiltinWord.for.id]

    /// A part of a hyphenated word that says a number: digits or a number word.
    private func isNumberPart(_ part: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = part.first else { return false }
        if Self.isDigit(first) { return true }
        guard let index = vocabulary.entryIndex(part, hash: WordTable.hash(part)) else { return false }
        return vocabulary.entry(at: index).flags.contains(.numberWord)
    }

    /// "twenty-one", "follow-up": read as their parts when every part is a known
    /// word; "billing-service" stays one (unknown) word. The Filipino "pa-" or "paki-" before a verb
    /// asks for it to be done, as "please" would: "pa-open naman po the shift-swap project".
    private func readHyphenated(
        _ word: UnsafeBufferPointer<UInt8>, start: Int32, end: Int32, state: inout State, tokens: inout [Token]
    ) -> Bool {
        let hyphen = UInt8(ascii: "-")
        guard word.contains(hyphen) else { return false }
        var parts = word.split(separator: hyphen)
        if parts.count == 2, parts[0].elementsEqual("pa".utf8) || parts[0].elementsEqual("paki".utf8) { parts.removeFirst() }
        // "return-to-play", "school-run-rota": three parts or more name something, and so do two
        // after "on", "in" or "for" ("the tests on till-sync"), unless they say a number
        // ("two-seven-zero", "for twenty-five minutes") or stammer a word ("t-t-today's").
        let namesSomething = parts.count >= 3 || tokens.last.map { Self.namingPrepositions.contains($0.id) } == true
        if namesSomething, !parts.allSatisfy({ isNumberPart(UnsafeBufferPointer(rebasing: $0)) }),
           !parts.dropLast().allSatisfy({ $0.count == 1 }) { return false }
        for part in parts {
            let part = UnsafeBufferPointer(rebasing: part)
            guard Self.isDigit(part[0]) || vocabulary.knows(part) else {
                return false
            }
        }
        for part in parts {
            readWord(UnsafeBufferPointer(rebasing: part), start: start, end: end, state: &state, tokens: &tokens)
        }
        return true
    }

    private func read(_ entry: WordEntry, start: Int32, end: Int32, state: inout State, tokens: inout [Token]) {
        if entry.isArticle {
            state.article = (start, end)
            return
        }
        if entry.droppedEverywhere {
            if Self.takesPartitiveOf.contains(entry.id) { state.dropOf = true }
            state.afterPossessive = Self.possessives.contains(entry.id)
            return
        }
        // "on me nan, Peggy", "remind me wife": "me" before a word that says who someone is is "my",
        // as British, Irish and Caribbean speech has it. A built-in word is not one ("give me half
        // an hour").
        if entry.describesPerson, entry.id >= BuiltinWord.firstCatalogID || entry.id == .unknown,
           !state.afterPossessive, state.personDescription == nil, let last = tokens.last,
           last.id == BuiltinWord.me.id, last.start != start {
            state.breaksOfDroppedWord = tokens.removeLast().flags.intersection(.breaks)
            state.afterPossessive = true
        }
        if entry.describesPerson, state.afterPossessive || state.personDescription != nil {
            state.personDescription = state.personDescription ?? tokens.count
        } else {
            state.personDescription = nil
        }
        state.afterPossessive = false
        // "every one of them", "each one of my nags": the one is the scope's, not a number.
        if state.dropOf, entry.id == BuiltinWord.one.id { return }
        if state.dropOf {
            state.dropOf = false
            if entry.id == BuiltinWord.of.id { return }
        }
        if entry.flags.contains(.numberWord) {
            readNumberWord(entry.value, start: start, end: end, state: &state, tokens: &tokens)
            return
        }
        // "mark the second nag as done": with no number or "a" before it, "second" is a place in a
        // list, read like "third" (a word of its own), not a length.
        if entry.id == BuiltinWord.second.id, state.article == nil, tokens.last?.id != .number {
            emit(Token(id: .unknown, start: start, end: end), isNumberWord: false, state: &state, tokens: &tokens)
            return
        }
        if entry.id == BuiltinWord.hundred.id, state.numberCanTakeHundred, let last = tokens.indices.last {
            tokens[last].value *= 100
            tokens[last].end = end
            state.numberCanTakeHundred = false
            state.numberCanTakeTens = true
            state.numberCanTakeUnits = true
            return
        }
        if let article = state.article {
            state.article = nil
            if entry.flags.contains(.unit) || entry.id == BuiltinWord.hundred.id {
                emit(Token(id: .number, value: 1, start: article.start, end: article.end, flags: .numberWord),
                     isNumberWord: false, state: &state, tokens: &tokens)
                if entry.id == BuiltinWord.hundred.id {
                    state.numberCanTakeHundred = true
                    read(entry, start: start, end: end, state: &state, tokens: &tokens)
                    return
                }
            }
        }
        emit(Token(id: entry.id, value: entry.value, start: start, end: end, flags: entry.flags, app: entry.app),
             isNumberWord: false, state: &state, tokens: &tokens)
        if entry.isTitle, state.personDescription == nil { state.afterTitle = true }
        if entry.id == BuiltinWord.which.id { state.dropOf = true }
    }

    /// Dropped words whose "of" says only which part: "all of my nags" asks what "my nags" asks.
    private static let takesPartitiveOf: BuiltinWordSet = [BuiltinWord.all.id, BuiltinWord.any.id, BuiltinWord.some.id]

    private static let possessives: BuiltinWordSet = [BuiltinWord.my.id, BuiltinWord.our.id, BuiltinWord.your.id]

    private func readNumberWord(_ value: Int32, start: Int32, end: Int32, state: inout State, tokens: inout [Token]) {
        state.article = nil
        if let last = tokens.indices.last, tokens[last].id == .number, tokens[last].flags.contains(.numberWord) {
            if value < 10, state.numberCanTakeUnits {
                tokens[last].value += value
                tokens[last].end = end
                state.numberCanTakeUnits = false
                state.numberCanTakeTens = false
                return
            }
            if value >= 10, state.numberCanTakeTens {
                tokens[last].value += value
                tokens[last].end = end
                state.numberCanTakeTens = false
                state.numberCanTakeUnits = value >= 20 && value % 10 == 0
                return
            }
        }
        emit(Token(id: .number, value: value, start: start, end: end, flags: .numberWord),
             isNumberWord: true, state: &state, tokens: &tokens)
        state.numberCanTakeUnits = value >= 20 && value % 10 == 0
        state.numberCanTakeTens = false
        state.numberCanTakeHundred = value > 0 && value < 100
    }

    /// Words starting with a digit: "45", "6:30", "5pm", "45min", "5th".
    private func readNumeral(
        _ word: UnsafeBufferPointer<UInt8>, start: Int32, end: Int32, state: inout State, tokens: inout [Token]
    ) {
        var position = 0
        let value = Self.digits(word, &position)
        if position + 1 < word.count, word[position] == UInt8(ascii: "."), Self.isDigit(word[position + 1]) {
            // "1.5 hours" reads as "1 and half hours", "6.30" as 6:30; other decimals
            // are not read as numbers at all.
            let fractionStart = position + 1
            position += 1
            let fraction = Self.digits(word, &position)
            let digits = position - fractionStart
            if digits == 1, fraction == 5 {
                for token in [
                    Token(id: .number, value: value, start: start, end: end),
                    Token(id: BuiltinWord.and.id, start: start, end: end, flags: BuiltinWord.and.flags),
                    Token(id: BuiltinWord.half.id, start: start, end: end),
                ] {
                    emit(token, isNumberWord: false, state: &state, tokens: &tokens)
                }
            } else {
                let clock = digits == 2 && value <= 24 && fraction < 60
                emit(Token(id: clock ? .clock : .unknown, value: clock ? value * 60 + fraction : 0, start: start,
                           end: end, flags: clock ? .temporal : []),
                     isNumberWord: false, state: &state, tokens: &tokens)
            }
        } else if position + 1 < word.count, word[position] == UInt8(ascii: ":"), Self.isDigit(word[position + 1]) {
            position += 1
            let minutes = Self.digits(word, &position)
            let valid = value <= 24 && minutes < 60
            emit(Token(id: valid ? .clock : .unknown, value: valid ? value * 60 + minutes : 0, start: start, end: end,
                       flags: .temporal),
                 isNumberWord: false, state: &state, tokens: &tokens)
        } else {
            var suffix = UnsafeBufferPointer(rebasing: word[position...])
            if suffix.first == UInt8(ascii: "-") { suffix = UnsafeBufferPointer(rebasing: suffix.dropFirst()) }
            if Self.isOrdinalSuffix(suffix) {
                emit(Token(id: .ordinal, value: value, start: start, end: end),
                     isNumberWord: false, state: &state, tokens: &tokens)
                return
            }
            emit(Token(id: .number, value: value, start: start, end: end),
                 isNumberWord: false, state: &state, tokens: &tokens)
            if !suffix.isEmpty { readWord(suffix, start: start, end: end, state: &state, tokens: &tokens) }
            return
        }
        if position < word.count {
            readWord(UnsafeBufferPointer(rebasing: word[position...]), start: start, end: end, state: &state, tokens: &tokens)
        }
    }

    private static func digits(_ word: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Int32 {
        var value: Int32 = 0
        while position < word.count, isDigit(word[position]) {
            if value < 100_000_000 { value = value * 10 + Int32(word[position] - 0x30) }
            position += 1
        }
        return value
    }

    private static func isOrdinalSuffix(_ suffix: UnsafeBufferPointer<UInt8>) -> Bool {
        guard suffix.count == 2 else { return false }
        switch (suffix[0], suffix[1]) {
        case (UInt8(ascii: "s"), UInt8(ascii: "t")), (UInt8(ascii: "n"), UInt8(ascii: "d")),
             (UInt8(ascii: "r"), UInt8(ascii: "d")), (UInt8(ascii: "t"), UInt8(ascii: "h")):
            return true
        default:
            return false
        }
    }

    private func emit(_ token: Token, isNumberWord: Bool, state: inout State, tokens: inout [Token]) {
        state.article = nil
        state.dropOf = false
        if !isNumberWord {
            state.numberCanTakeUnits = false
            state.numberCanTakeTens = false
            state.numberCanTakeHundred = false
        }
        var token = token
        token.flags.formUnion(state.breaksOfDroppedWord)
        state.breaksOfDroppedWord = []
        tokens.append(token)
    }
}
