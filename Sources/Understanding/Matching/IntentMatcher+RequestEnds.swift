/// Where a request may end before the utterance does: at a pause, or where a recogniser ran
/// the next words on without one.
extension IntentMatcher {
    /// Where a request may end before the end of the utterance, last first, each once: at a
    /// pause, or where `mayEndRequest` says.
    func requestEnds(_ tokens: [Token], after clauseStarts: [Int], bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        let clauseStartSet = Set(clauseStarts)
        let others = tokens.indices.dropFirst().filter { !clauseStartSet.contains($0) && Self.mayEndRequest(tokens, before: $0, bytes: bytes) }
        var ends = clauseStarts + others
        // "nagz show me my nags maze i'm hanging on the door", "… my nags nga, ano ba …": a word
        // the vocabulary does not know, said to someone or as a tag between the request and what
        // follows it. (Said last, it may be what the request is about: "search my chats redis".)
        for end in ends where end >= 3 && Self.isTagWord(tokens, at: end - 1, bytes: bytes) && !clauseStartSet.contains(end - 1) {
            ends.append(end - 1)
        }
        return Array(Set(ends)).sorted(by: >)
    }

    /// Whether the words in `range` only find the speaker's thread again before more is said
    /// ("uh, where was I, right, so the scale was closed again"): no request of their own.
    func findsThread(_ tokens: [Token], _ range: Range<Int>) -> Bool {
        guard range.upperBound < tokens.count, tokens[range.upperBound - 1].id == BuiltinWord.i.id || tokens[range.upperBound - 1].id == BuiltinWord.we.id
        else { return false }
        return Array(tokens[range]).withUnsafeBufferPointer { UtteranceSpan.isOnlyLeadInBeforePause($0, program: program) }
    }

    /// One word the vocabulary does not know, after a word it knows: not the second word of a
    /// name ("for matatu-loans Kamau says …"), nor a verb that tells what someone said.
    static func isTagWord(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        tokens[index - 1].id != .unknown && isForeignWord(tokens[index], bytes: bytes) && !reportingVerbs.contains(tokens[index].word(in: bytes))
    }

    /// A word the vocabulary does not know, not a name written as code, said with no pause before it.
    private static func isForeignWord(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        token.id == .unknown && token.flags.isDisjoint(with: .breaks) && !token.isWrittenWithHyphen(in: bytes)
    }

    /// Where a request may end without punctuation: before "and", before a new sentence the
    /// recogniser ran on ("… codingbridge chat i was in the middle of something", "… lemme fix
    /// it", "log my mood as stressed it's been back to back meetings", "… can you …"), before a
    /// reason or a purpose ("… because …", "… as I am busy", "… so I can plan", "… after that sprint",
    /// though not "after 5" or "after lunch"), before a time said as an event ("… for when I'm off",
    /// "… while we're away"), before another request for something shown ("how did the family do on
    /// nags this week give me the numbers"), after an app named with its preposition
    /// ("run lint in codingbridge my pr …"), and before what follows if it is not done ("… or
    /// they'll have my fingers").
    private static func mayEndRequest(_ tokens: [Token], before index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let id = tokens[index].id
        if id == BuiltinWord.and.id || id == BuiltinWord.i.id || id == BuiltinWord.let.id || id == BuiltinWord.because.id {
            return true
        }
        let next = index + 1 < tokens.count ? tokens[index + 1].id : .unknown
        if id == BuiltinWord.after.id {
            return index + 1 == tokens.count || tokens[index + 1].flags.isDisjoint(with: [.temporal, .numberWord])
        }
        // "… or they'll have my fingers": what follows if it is not done.
        if id == BuiltinWord.as.id || id == BuiltinWord.since.id || id == BuiltinWord.before.id || id == BuiltinWord.or.id,
           isSubject(next) { return true }
        // A time said as an event: "… lined up for when I'm off the ward", "… while we're away".
        if isSubject(next), id == BuiltinWord.when.id || tokens[index].isWord("while", in: bytes) { return true }
        if id == BuiltinWord.for.id, next == BuiltinWord.when.id, index + 2 < tokens.count, isSubject(tokens[index + 2].id) { return true }
        // "… since lambing season started", "… before the courier turned up": an event, not a day or a time.
        if id == BuiltinWord.since.id || id == BuiltinWord.before.id, index + 1 < tokens.count {
            return tokens[index + 1].flags.isDisjoint(with: [.temporal, .numberWord]) && !tokens[index + 1].isWord("last", in: bytes)
        }
        // After a word said to the listener, more said with no pause: "nagz got anything overdue or
        // not ah the lunch crowd just finish", "… for me lah the queue so long" ("lah" is "please").
        if tokens[index - 1].id == BuiltinWord.please.id || tokens[index - 1].isWord("ah", in: bytes) { return true }
        // What comes next, told: "moodboard put happy for me then i go home sleep already".
        if id == BuiltinWord.then.id, isSubject(next) { return true }
        // A purpose after the request: "… on the phone so I can plan round my shifts", "… so that we …".
        if id == BuiltinWord.so.id, isSubject(next) || next == BuiltinWord.that.id { return true }
        if id == BuiltinWord.it.id, next == BuiltinWord.is.id || next == BuiltinWord.was.id { return true }
        // "did I commit everything … or is stuff still changed": a second way of asking.
        if id == BuiltinWord.or.id, next == BuiltinWord.is.id || next == BuiltinWord.are.id || next == BuiltinWord.do.id
            || index + 1 < tokens.count && tokens[index + 1].isWord("have", in: bytes) { return true }
        // "did I commit my stuff … or nah": the question's other answer said last.
        if id == BuiltinWord.or.id, index + 2 == tokens.count, next == BuiltinWord.not.id || next == BuiltinWord.nah.id || next == BuiltinWord.no.id {
            return true
        }
        // "how have my moods been lately can you analyze them": a question asked after it.
        if modals.contains(id), next == BuiltinWord.you.id { return true }
        if next == BuiltinWord.me.id, id == BuiltinWord.show.id || id == BuiltinWord.tell.id || tokens[index].isWord("give", in: bytes) {
            return true
        }
        if beginsToldClause(tokens, at: index, bytes: bytes) || followsCodeName(tokens, at: index, bytes: bytes)
            || beginsOtherLanguage(tokens, at: index, bytes: bytes) { return true }
        // "… the chores nags theres still a heap of pomace by the press": what is there, told.
        if tokens[index].isWord("theres", in: bytes) || tokens[index].isWord("there", in: bytes) && (next == BuiltinWord.is.id || next == BuiltinWord.was.id) {
            return true
        }
        // "carry on where Claude and me left off about the label …", "pick up where I left off
        // with Claude on the porter weights law", "go back in with Claude on the fleece prices":
        // what it was about.
        if id == BuiltinWord.about.id || id == BuiltinWord.on.id, (max(1, index - 4)..<index).contains(where: { at in
            tokens[at].isWord("off", in: bytes) && tokens[at - 1].isWord("left", in: bytes)
                || tokens[at].id == BuiltinWord.in.id && tokens[at - 1].isWord("back", in: bytes)
        }) {
            return true
        }
        // "what chores nags have i got nagz the wife says …": the app named after the request,
        // more said after it with no pause, not a word of the request ("new Oppi session").
        return index >= 2 && tokens[index - 1].flags.contains(.app)
            && (UtteranceSpan.appPrepositions.contains(tokens[index - 2].id)
                || tokens[index - 1].flags.isDisjoint(with: .breaks) && id < BuiltinWord.firstCatalogID)
    }

    /// A sentence in another language run on after the request: three words in a row the
    /// vocabulary does not know, none a name ("moodboard how have my moods been this month hii jam
    /// ya thika road imenimaliza").
    private static func beginsOtherLanguage(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index >= 2, index + 3 <= tokens.count, tokens[index - 1].id != .unknown else { return false }
        return tokens[index..<(index + 3)].allSatisfy { isForeignWord($0, bytes: bytes) && !$0.flags.contains(.writtenAsName) }
    }

    /// A recogniser's next sentence run on without a stop: a subject of one to three words and
    /// its verb told in the past ("moodboard log sad today three patients cancelled and it rained",
    /// "snooze the nag 25 minutes the decanter is jammed again"). Not after a word that leads to
    /// what follows it, nor after a number (the subject would be cut in two); the subject and its
    /// verb are said without a pause between them. "One" ends the words before it ("… sprint-board
    /// the old one is full"): it begins no subject of its own.
    private static func beginsToldClause(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index >= 2, tokens[index - 1].flags.isDisjoint(with: [.stop, .app]), tokens[index - 1].id != .number,
              !tokens[index].isWord("one", in: bytes) else { return false }
        for verb in (index + 1)..<min(index + 4, tokens.count) {
            guard tokens[verb - 1].flags.isDisjoint(with: [.stop, .temporal, .app, .unit]), !isSubject(tokens[verb - 1].id),
                  !reportingVerbs.contains(tokens[verb - 1].word(in: bytes)),
                  verb - 1 == index || tokens[verb - 1].flags.isDisjoint(with: .breaks), tokens[verb].flags.isDisjoint(with: .breaks),
                  tokens[verb - 1].id == .unknown || tokens[verb - 1].id == .number || tokens[verb - 1].id >= BuiltinWord.firstCatalogID
            else { return false }
            if isToldVerb(tokens, at: verb, bytes: bytes) { return true }
        }
        return false
    }

    /// "cancelled" (a word the vocabulary does not know, ending in "ed"), "asked" (the past of a
    /// word it knows), "came" (a common irregular past), "is jammed", "was messin'", "is
    /// updating" (a known verb's -ing); not "uncommitted", a word of the catalog, nor "is overdue".
    private static func isToldVerb(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[index]
        if token.flags.contains(.pastTense) || endsUnknownWord(token, in: ["ed"], bytes: bytes) || isIrregularPast(token, bytes: bytes)
            || reportingVerbs.contains(token.word(in: bytes)) {
            return true
        }
        guard token.id == BuiltinWord.is.id || token.id == BuiltinWord.was.id, index + 1 < tokens.count else { return false }
        let next = tokens[index + 1]
        return endsUnknownWord(next, in: ["ed", "ing", "in"], bytes: bytes) || next.flags.contains(.gerund)
            || tellingWords.contains(next.word(in: bytes))
    }

    /// Someone's word passed on, in the present: "moira says ah've no done the bins", "Kamau
    /// reckons the interest is wrong".
    private static let reportingVerbs: Set<[UInt8]> = Set(["says", "reckons", "thinks", "wants", "keeps", "swears"].map { Array($0.utf8) })

    /// After "is" or "was", words that describe rather than ask: "the woodpile is still a mess",
    /// "the river was too high".
    private static let tellingWords: Set<[UInt8]> = Set(["still", "too", "really", "very", "never", "always", "full"].map { Array($0.utf8) })

    /// A code name (one hyphenated word) with more said after it: "open ger-camp-quotes the terelj
    /// people want a new price", "run the tests on hamam-booking the tourists say …".
    private static func followsCodeName(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let previous = tokens[index - 1]
        guard previous.id == .unknown || previous.id >= BuiltinWord.firstCatalogID, tokens[index].flags.isDisjoint(with: .breaks) else {
            return false
        }
        var start = Int(previous.start)
        while start > 0, bytes[start - 1] != UInt8(ascii: " ") { start -= 1 }
        let word = bytes[start..<Int(previous.end)]
        guard let first = word.first, let last = word.last, Self.isLetterOrDigit(first), Self.isLetterOrDigit(last) else { return false }
        return word.contains(UInt8(ascii: "-"))
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A past tense without "-ed" that tells of something done rather than asks for it.
    private static func isIrregularPast(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = Int(token.end - token.start)
        guard length >= 3, length <= 7, token.id == .unknown || token.id >= BuiltinWord.firstCatalogID else { return false }
        let word = bytes[Int(token.start)..<Int(token.end)].map { $0 | 0x20 }
        return irregularPasts.contains(word)
    }

    private static let irregularPasts: Set<[UInt8]> = Set([
        "came", "went", "said", "told", "broke", "fell", "ran", "lost", "found", "brought", "wrote", "forgot", "ate", "saw",
        "heard", "felt", "won", "sold", "drove", "flew", "spoke", "stole", "woke", "threw", "began", "rang", "knew",
        "thought", "caught", "spent", "slept", "froze", "sank", "shook", "tore", "wore", "bit", "hid", "fought", "grew",
        "blew", "drew", "rode", "swam", "stuck", "stood", "sat", "left",
    ].map { Array($0.utf8) })

    /// A word the vocabulary does not know, of five letters or more, with one of the endings.
    private static func endsUnknownWord(_ token: Token, in endings: [String], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard token.id == .unknown, token.end - token.start >= 5 else { return false }
        let word = bytes[Int(token.start)..<Int(token.end)].lazy.map { $0 | 0x20 }
        return endings.contains { word.suffix($0.utf8.count).elementsEqual($0.utf8) }
    }

    private static let modals: BuiltinWordSet = [BuiltinWord.can.id, BuiltinWord.could.id, BuiltinWord.would.id, BuiltinWord.will.id]

    /// A subject pronoun: a new clause may start at it. Compared, not hashed: asked at every token.
    private static func isSubject(_ id: TokenID) -> Bool {
        id == BuiltinWord.i.id || id == BuiltinWord.we.id || id == BuiltinWord.it.id || id == BuiltinWord.he.id
            || id == BuiltinWord.she.id || id == BuiltinWord.they.id || id == BuiltinWord.you.id
    }
}
