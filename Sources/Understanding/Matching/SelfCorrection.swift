/// A spoken self-correction: "for Jake, no sorry, for Ava", "forty five, no wait, ninety
/// minutes", "tired, no, wiped out", "remind max no wait remind ella", "for the twins, actually
/// just for Noah", or a restart after an interruption ("search for, Ella not now, for memory
/// leaks"). The correction replaces the phrase of the same kind said just before it, so the
/// request reads as if the user had said it right first time.
enum SelfCorrection {
    /// The furthest back a corrected phrase reaches, in tokens.
    private static let reach = 4
    /// The furthest back a restated word is looked for ("add a, Max put that down, sorry, add").
    private static let restatementReach = 8

    /// The tokens with each correction applied, or nil when the utterance has none. Narrowly, an
    /// outright correction that restates nothing replaces only the word before its marker, not
    /// the clause: "MoodBoard, log me as stoked, I mean energetic".
    static func applied(to tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, narrowly: Bool = false) -> [Token]? {
        var removed: [Range<Int32>] = []
        let renamed = renamed(tokens, bytes: bytes)
        return applied(to: renamed ?? tokens, bytes: bytes, removing: &removed, answer: false, narrowly: narrowly) ?? renamed
    }

    /// A name corrected after the request, saying which name it replaces: "remind Leo about
    /// meds at 8pm — no, sorry, Mia, not Leo" is "remind Mia about meds at 8pm". The new name
    /// takes the old one's place; nothing else said in between is lost.
    private static func renamed(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        let count = tokens.count
        guard count >= 6, tokens[count - 2].id == BuiltinWord.not.id, isNameWord(tokens[count - 1]) else { return nil }
        let old = tokens[count - 1]
        for found in stride(from: count - 4, through: 1, by: -1) {
            guard let (length, explicit) = marker(tokens, at: found, bytes: bytes), explicit else { continue }
            let name = tokens[(found + length)..<(count - 2)]
            // "no, sorry, Mia": the marker's words all go.
            var marker = found
            while marker > 1, correctionWords.contains(tokens[marker - 1].id) { marker -= 1 }
            guard (1...3).contains(name.count), name.allSatisfy(isNameWord),
                  let said = (0..<marker).last(where: { sameWord(tokens[$0], old, bytes: bytes) })
            else { return nil }
            var replacement = Array(name)
            replacement[0].flags = replacement[0].flags.subtracting(.breaks).union(tokens[said].flags.intersection(.breaks))
            return Array(tokens[..<said]) + replacement + tokens[(said + 1)..<marker]
        }
        return nil
    }

    private static let correctionWords: BuiltinWordSet = [BuiltinWord.no.id, BuiltinWord.sorry.id, BuiltinWord.wait.id]

    private static func isNameWord(_ token: Token) -> Bool {
        token.id != .number && token.flags.isDisjoint(with: [.stop, .temporal, .app, .numberWord, .unit])
    }

    private static func sameWord(_ a: Token, _ b: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.id == b.id, a.end - a.start == b.end - b.start else { return false }
        return (0..<Int(a.end - a.start)).allSatisfy {
            bytes[Int(a.start) + $0] | 0x20 == bytes[Int(b.start) + $0] | 0x20
        }
    }

    /// The text with each correction applied, cut from the text as said: "Zoe, no wait, Nina" is
    /// "Nina". For answers, which the dialogue reads as text; an answer's start counts as the
    /// start of a clause ("the website one, no, oppi-dev" is "oppi-dev").
    static func applied(to text: String, tokenizer: Tokenizer) -> String {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var tokens: [Token] = []
            tokenizer.tokenize(bytes, into: &tokens)
            var removed: [Range<Int32>] = []
            guard applied(to: tokens, bytes: bytes, removing: &removed, answer: true) != nil else { return nil }
            var kept: [UInt8] = []
            var from = 0
            for range in removed.sorted(by: { $0.lowerBound < $1.lowerBound }) where Int(range.lowerBound) >= from {
                kept += bytes[from..<Int(range.lowerBound)]
                from = Int(range.upperBound)
            }
            kept += bytes[from...]
            return String(decoding: kept, as: UTF8.self)
        } ?? text
    }

    /// `removed` gets the bytes each correction took out: the phrase corrected and the marker.
    private static func applied(
        to tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, removing removed: inout [Range<Int32>], answer: Bool,
        narrowly: Bool = false
    ) -> [Token]? {
        var tokens = tokens
        var corrected = false
        var index = 1
        while index < tokens.count {
            guard let (length, explicit) = marker(tokens, at: index, bytes: bytes), index + length < tokens.count,
                  let start = correctedStart(
                      tokens, marker: index, replacement: index + length, explicit: explicit, answer: answer, narrowly: narrowly
                  )
            else {
                index += 1
                continue
            }
            let replacement = index + length
            // An answer corrected from its start loses the determiner before its first word too.
            removed.append((answer && start == 0 ? 0 : tokens[start].start)..<tokens[replacement].start)
            tokens[replacement].flags.insert(.afterCorrection)
            if start == 0 { tokens[replacement].flags.subtract(.clauseStart) }
            tokens.removeSubrange(start..<replacement)
            corrected = true
            index = start + 1
        }
        return corrected ? tokens : nil
    }

    /// How many tokens the marker at `index` takes, and whether it says outright that what came
    /// before was wrong; nil when none starts there.
    ///
    /// Outright: "no wait", "no sorry", "no I mean", "or rather" anywhere; "no", "sorry", "wait" and
    /// "I mean" after a pause ("Sam, no screens after nine" is content, not a correction). Not
    /// outright, so only a phrase that restates one before it is replaced: a clause after
    /// "actually", and a clause that starts with the word left hanging before a pause. An
    /// outright marker takes "make that" or "make it" after it ("ten, no wait, make that twenty
    /// minutes").
    private static func marker(
        _ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>
    ) -> (length: Int, explicit: Bool)? {
        guard let (length, explicit) = markerWords(tokens, at: index) ?? amountTakenBack(tokens, at: index, bytes: bytes),
              !asksNo(tokens[index], bytes: bytes) else { return nil }
        let after = index + length
        guard explicit, after + 2 < tokens.count, tokens[after + 1].id == BuiltinWord.that.id || tokens[after + 1].id == BuiltinWord.it.id,
              tokens[after].word(in: bytes).elementsEqual("make".utf8) else { return (length, explicit) }
        return (length + 2, true)
    }

    /// "no" between two amounts, with no pause: it takes the first back ("snooze it ten no fifteen
    /// minutes", "twenty no make it thirty minutes").
    private static func amountTakenBack(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, explicit: Bool)? {
        guard tokens[index].id == BuiltinWord.no.id, index + 2 < tokens.count, isAmount(tokens[index - 1]) else { return nil }
        let next = tokens[index + 1]
        let madeInstead = next.isWord("make", in: bytes) && (tokens[index + 2].id == BuiltinWord.it.id || tokens[index + 2].id == BuiltinWord.that.id)
        return isAmount(next) || madeInstead ? (1, true) : nil
    }

    /// "do a fresh build of cut-tracker, no? Kasun says …": a "no" asked, as a tag question, takes
    /// nothing back.
    private static func asksNo(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.id == BuiltinWord.no.id else { return false }
        var index = Int(token.end)
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "?")
    }

    private static func markerWords(_ tokens: [Token], at index: Int) -> (length: Int, explicit: Bool)? {
        func word(_ offset: Int, is word: BuiltinWord) -> Bool {
            index + offset < tokens.count && tokens[index + offset].id == word.id
        }
        if word(0, is: .no), word(1, is: .wait) || word(1, is: .sorry) { return (2, true) }
        if word(0, is: .no), word(1, is: .i), word(2, is: .mean) { return (3, true) }
        if word(0, is: .or), word(1, is: .rather) { return (2, true) }
        let flags = tokens[index].flags
        guard flags.contains(.clauseStart) else { return nil }
        if word(0, is: .no) {
            return index + 1 < tokens.count && tokens[index + 1].flags.contains(.clauseStart) ? (1, true) : nil
        }
        if word(0, is: .sorry) || word(0, is: .wait) { return (1, true) }
        if word(0, is: .i), word(1, is: .mean) { return (2, true) }
        if flags.contains(.afterActually) || restartedWord(tokens, at: index) != nil { return (0, false) }
        return nil
    }

    /// Where the word at `index` was left hanging before a pause ("for, Ella not now, for …").
    private static func restartedWord(_ tokens: [Token], at index: Int) -> Int? {
        let id = tokens[index].id
        guard id != .unknown else { return nil }
        for start in stride(from: index - 1, through: max(0, index - restatementReach), by: -1)
        where tokens[start].id == id && tokens[start + 1].flags.contains(.clauseStart) {
            return start
        }
        return nil
    }

    /// Where the phrase the correction replaces starts: back to the same word ("for Jake"
    /// before "for Ava", "remind max" before "remind ella"), over the amount or time before an
    /// amount or time; after an outright marker, else back to the clause the marker follows, and
    /// at least the one word before the marker. Nil when nothing is restated.
    private static func correctedStart(
        _ tokens: [Token], marker: Int, replacement: Int, explicit: Bool, answer: Bool, narrowly: Bool
    ) -> Int? {
        let first = tokens[replacement]
        if first.id != .unknown {
            let floor = max(0, marker - (first.flags.contains(.stop) ? reach : restatementReach))
            for start in stride(from: marker - 1, through: floor, by: -1) where tokens[start].id == first.id {
                return start
            }
        }
        // A value with its label restating one said before: "in the seating-chart workspace, and
        // also, actually no, make it the guest-list workspace".
        if first.id == .unknown,
           let label = (replacement..<min(replacement + 4, tokens.count)).first(where: { tokens[$0].id >= BuiltinWord.firstCatalogID }),
           tokens[replacement..<label].allSatisfy({ $0.id == .unknown }) {
            for said in stride(from: marker - 1, through: max(1, marker - restatementReach), by: -1) where tokens[said].id == tokens[label].id {
                let start = nameStart(tokens, from: said)
                if start < said { return start }
            }
        }
        // A name restating the name just before "actually": "Zoe, actually Nina".
        if first.id == .unknown, tokens[marker - 1].id == .unknown {
            return nameStart(tokens, from: marker - 1)
        }
        let floor = max(0, marker - reach)
        if isAmount(first) {
            var start = marker
            while start > floor, isAmount(tokens[start - 1]) { start -= 1 }
            if start < marker { return start }
        }
        guard explicit else { return nil }
        if narrowly { return marker - 1 }
        for start in stride(from: marker - 1, through: floor, by: -1)
        where tokens[start].flags.contains(.clauseStart) || answer && start == 0 {
            return start
        }
        return marker - 1
    }

    /// Back from `index` over the unknown words (a name) before it, within its clause.
    private static func nameStart(_ tokens: [Token], from index: Int) -> Int {
        var start = index
        while start > 0, tokens[start - 1].id == .unknown, !tokens[start].flags.contains(.clauseStart) { start -= 1 }
        return start
    }

    private static func isAmount(_ token: Token) -> Bool {
        token.id == .number || token.id == .clock || !token.flags.isDisjoint(with: [.numberWord, .temporal, .unit])
    }
}
