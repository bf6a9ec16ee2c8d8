/// Values said before their requests and pointed back to ("budget-tracker. Open it in
/// CodingBridge"): the readings that put the value where the pointing word stands.
extension ValueSaidApart {
    /// The longest value said first, in tokens ("that session from last night in CodingBridge").
    private static let longestValue = 8

    /// The readings with the value put in a pointing word's place, one per pointing word; empty
    /// unless the utterance opens with a short clause that names something, or with a name written
    /// as code ("codingbridge route-44-times open it up"), and a word after it points back.
    static func readings(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [[Token]] {
        // An app addressed first stays first: "MoodBoard, the mood I'm down as right now, what is it".
        var start = 0
        while start < tokens.count, tokens[start].flags.contains(.app) { start += 1 }
        let codeNameFirst = start + 1 < tokens.count && tokens[start].id == .unknown
            && isHyphenatedName(tokens[start...start], bytes: bytes) && !isLabel(tokens[start + 1], bytes: bytes)
            && tokens[start + 1].flags.isDisjoint(with: .breaks)
        if start > 0, start < tokens.count, tokens[start].flags.isDisjoint(with: .breaks), !codeNameFirst { start = 0 }
        guard tokens.count - start >= 3,
              let pause = codeNameFirst ? start + 1
                : (start + 1...min(start + longestValue, tokens.count - 2)).first(where: { !tokens[$0].flags.isDisjoint(with: .breaks) }),
              tokens[start..<pause].contains(where: namesSomething),
              !subjects.contains(tokens[start].id) else { return [] }
        var readings: [[Token]] = []
        for index in pause..<tokens.count {
            // Said with no pause, a code name is pointed back to in its own sentence only.
            if codeNameFirst, tokens[index].opensSentence(in: bytes) { break }
            guard let length = pointerLength(tokens, at: index, bytes: bytes) else { continue }
            var value = Array(tokens[start..<pause])
            value[0].flags.subtract(.breaks)
            // "rehab-timer's been beeping …": the value without its "'s".
            if let last = value.indices.last, value[last].id == .unknown, value[last].flags.contains(.possessive) {
                value[last].end -= 2
                value[last].flags.remove(.possessive)
            }
            // "lake-depths, … I need the tests run there": "there" is "in lake-depths", then the value alone.
            let pointer = tokens[index]
            let placing = Token(id: BuiltinWord.in.id, start: pointer.start, end: pointer.end, flags: pointer.flags.intersection(.breaks))
            for inPlace in placesAlone(tokens, at: index, bytes: bytes) ? [true, false] : [false] {
                var said = value
                if !inPlace { said[0].flags.formUnion(pointer.flags.intersection(.breaks)) }
                var reading = Array(tokens[..<start])
                reading += tokens[pause..<index]
                if inPlace { reading.append(placing) }
                reading += said
                reading += tokens[(index + length)...]
                if start == 0 { reading[0].flags.subtract(.breaks) }
                readings.append(reading)
            }
        }
        return readings
    }

    /// "there" said alone for a place, not after a word that places it ("in there", "up there").
    private static func placesAlone(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard tokens[index].isWord("there", in: bytes) else { return false }
        guard index > 0 else { return true }
        let before = tokens[index - 1]
        let placed = isPlacingWord(before.id) || before.id == BuiltinWord.at.id || before.id == BuiltinWord.to.id || before.id == BuiltinWord.from.id
        return !placed && !particles.contains(before.word(in: bytes))
    }

    /// How many tokens point back at the value at `index`: "it", "its", "them", "those", "there",
    /// "that one", "this one", "that long", and "that" or "this" standing alone ("pull that up",
    /// "that's how long"), not before a noun ("that session").
    private static func pointerLength(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let id = tokens[index].id
        if id == BuiltinWord.it.id || id == BuiltinWord.them.id { return 1 }
        let word = tokens[index].word(in: bytes)
        if word.elementsEqual("there".utf8) || word.elementsEqual("those".utf8) || word.elementsEqual("its".utf8) { return 1 }
        // Nigerian Pidgin "am" for "it" after a verb: "fabric-stock, open am for me".
        if id == BuiltinWord.am.id, index >= 1, !subjects.contains(tokens[index - 1].id), tokens[index - 1].id != .number,
           index + 1 == tokens.count || tokens[index + 1].id != BuiltinWord.i.id { return 1 }
        guard id == BuiltinWord.that.id || id == BuiltinWord.this.id else { return nil }
        guard index + 1 < tokens.count else { return 1 }
        let next = tokens[index + 1]
        let said = next.word(in: bytes)
        if said.elementsEqual("one".utf8) || said.elementsEqual("long".utf8) { return 2 }
        let standsAlone = !next.flags.isDisjoint(with: [.stop, .clauseStart, .app])
            || next.id == BuiltinWord.is.id || next.id == BuiltinWord.was.id
            || particles.contains(said)
        return standsAlone ? 1 : nil
    }

    /// Someone doing something: a clause that opens with one says what happens ("I'd like a blank
    /// session"); it names no value.
    private static let subjects: BuiltinWordSet = [
        BuiltinWord.i.id, BuiltinWord.we.id, BuiltinWord.you.id, BuiltinWord.he.id, BuiltinWord.she.id, BuiltinWord.they.id,
    ]

    /// Particles of phrasal verbs that follow their object: "pull that up", "bring it back"; and
    /// what it is to be made: "get that open for me", "get that running".
    private static let particles: Set<[UInt8]> = Set(["up", "back", "down", "out", "over", "off", "open", "running", "going"].map { Array($0.utf8) })
}
