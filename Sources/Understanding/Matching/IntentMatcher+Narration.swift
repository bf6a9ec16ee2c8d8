/// Telling a request from talk about one.
///
/// Requests said after a few words that lead up to them, without punctuation between: "okay
/// I finished it mark the nag done", "where was I um resume the last chat". Recognisers write
/// such run-ons as one sentence; the matcher tries the rest from a word some pattern begins
/// with, when nothing before it negates, supposes or reports the request ("don't remind Sam
/// …", "what if I told Oppi to …").
///
/// And a sentence about an app is not addressed to it: "Oppi crashed on me twice today" is
/// no prompt for Oppi, though "Oppi, fix the build" is one.
extension IntentMatcher {
    /// Whether the tokens begin with an app's name and a verb that makes the app what the
    /// sentence is about: a past tense, or a verb of state or habit, with no pause between. A
    /// name that is also a word of the patterns ("Claude helped me name my palette") counts when
    /// a past tense follows it.
    func talksAboutApp(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Asked of every reading: most name no app near their start, and need no trimming.
        guard let named = tokens.prefix(Self.maxLeadUp).firstIndex(where: { $0.app >= 0 }) else { return false }
        // After what people open with: "ngl CodingBridge is lowkey carrying my coursework".
        let first = named == 0 ? 0 : tokens.withUnsafeBufferPointer { UtteranceSpan.startAfterLeadingFillers($0, program: program) }
        guard first == named, first + 1 < tokens.count, !tokens[first + 1].flags.contains(.clauseStart) else { return false }
        let verb = tokens[first + 1]
        if tokens[first].flags.contains(.app) {
            let said = verb.word(in: bytes)
            // "Nagz is there something overdue", "CodingBridge did I commit everything": asked of it.
            if first + 2 < tokens.count, Self.askedAfterVerb(tokens[first + 2], bytes: bytes) { return false }
            return Self.narratingVerbs.contains(said) || Self.isPastTense(said, canonical: spelling(of: verb))
        }
        // Asked of every reading: the name is looked for before the verb's letters are copied.
        guard namesThatAreWords.contains(tokens[first].id) else { return false }
        return Self.isPastTense(verb.word(in: bytes), canonical: spelling(of: verb))
    }

    /// Whether the speaker says they will ask an app themselves ("kal I'll ask CodingBridge about
    /// your bug", "after supper I'll ask Nagz to remind you"): a plan told, no request to Jiri.
    static func plansToAddressApp(_ tokens: [Token]) -> Bool {
        guard tokens.count >= 4 else { return false }
        for index in 0..<(tokens.count - 3) where tokens[index].id == BuiltinWord.i.id || tokens[index].id == BuiltinWord.we.id {
            if tokens[index + 1].id == BuiltinWord.will.id, UtteranceSpan.addressVerbs.contains(tokens[index + 2].id),
               tokens[index + 3].flags.contains(.app) {
                return true
            }
        }
        return false
    }

    private static let narratingVerbs: Set<[UInt8]> = Set([
        "is", "was", "were", "has", "had", "does", "did", "keeps", "kept", "seems", "looks", "never", "always", "sucks",
        "works", "broke", "went", "got", "gave", "made", "still", "already", "crashes", "hangs", "fails", "feels", "isnt",
        "wasnt", "doesnt", "didnt", "hasnt", "can't", "cant", "won't", "wont", "isn't", "wasn't", "doesn't", "didn't",
    ].map { Array($0.utf8) })

    /// A word after "is", "did" or "has" that makes a question of them rather than tells of
    /// the app before them.
    private static func askedAfterVerb(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        token.id == BuiltinWord.i.id || questionSubjects.contains(token.word(in: bytes))
    }

    private static let questionSubjects: Set<[UInt8]> = Set([
        "there", "anything", "something", "anyone", "anybody", "everything", "everyone",
    ].map { Array($0.utf8) })

    /// At most this many words lead up to a request.
    static let maxLeadUp = 8

    /// Where a request may begin after a lead-up, nearest first.
    func requestStarts(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        // "does MoodBoard work on the Apple Watch?": a question about something, not a lead-up.
        // Fillers may lead up too, and their words block nothing: "I don't suppose MoodBoard
        // knows what my current mood is".
        let first = tokens.withUnsafeBufferPointer { UtteranceSpan.trimmed($0, program: program).start }
        guard tokens.count - first >= 4, !Self.auxiliaries.contains(tokens[first].word(in: bytes)) else { return [] }
        var starts: [Int] = []
        var blocked = false
        for start in 1...(tokens.count - 3) {
            let before = tokens[start - 1]
            let token = tokens[start]
            // Past the lead-up's length, only a request that begins anew: after "so" ("he'll never
            // remember so put in an appointments nag for ciaran"), or a question asked anew ("… i
            // aint checked nothin is there anything passed due"); each clears what blocked before it.
            let afterSo = before.id == BuiltinWord.so.id
            let asksAnew = Self.copulas.contains(token.id) && tokens[start + 1].isWord("there", in: bytes)
            guard start <= first + Self.maxLeadUp || afterSo || asksAnew else { continue }
            let said = before.word(in: bytes)
            if start > first, Self.leadUpBlockers.contains(before.id) || Self.reportingWords.contains(said) { blocked = true }
            if afterSo || asksAnew { blocked = false }
            guard !blocked else { continue }
            // "Dan set up a nag for the bins last week …": a name and its verb, told.
            if start == 1, Self.isNameTold(tokens, bytes: bytes) { continue }
            // A lead-up ends in a word of its own, not one of the catalog's ("any meds nags left
            // for today" is not "nag Left").
            guard program.requestStarters.contains(token.id),
                  before.id < BuiltinWord.firstCatalogID,
                  !Self.followsSubject(tokens, at: start, bytes: bytes), !Self.followsSubject(tokens, at: start - 1, bytes: bytes),
                  !before.flags.contains(.stop) || Self.clauseEnders.contains(before.id) || afterSo,
                  !Self.auxiliaries.contains(said), before.id != BuiltinWord.will.id,
                  // "the crew bus is late again": a verb after its subject asks nothing; after the
                  // app addressed it asks ("Nagz is there something overdue").
                  token.flags.contains(.clauseStart) || !Self.copulas.contains(token.id) || before.flags.contains(.app) || asksAnew,
                  !isPastTense(token, bytes: bytes),
                  !Self.determinerDropped(between: before, and: token, bytes: bytes)
            else { continue }
            starts.append(start)
        }
        return starts
    }

    /// The tokens with a pause before each app addressed inside them with none ("customer dey
    /// price my tomatoes now nagz shift that nag 30 minutes"), as a recogniser that heard the
    /// pause would have written them; nil when there is none.
    func pausedBeforeAppAddressed(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> [Token]? {
        var paused = tokens
        var found = false
        for index in tokens.indices.dropFirst() where addressesApp(tokens, at: index, bytes: bytes) {
            paused[index].flags.insert(.clauseStart)
            found = true
        }
        return found ? paused : nil
    }

    /// An app's name said inside the utterance with no pause before it, not after a word that
    /// attaches it ("in Nagz", "as Nagz holds …", "sceptical of Oppi") or a determiner ("the
    /// CodingBridge release notes"), nor after a verb that addresses it ("I'll ask Nagz to …"), a
    /// word of the catalog ("new Oppi session", "forget the CodingBridge project"), a subject's
    /// verb ("my sister she use Oppi") or a word that negates, supposes or reports just before it
    /// ("don't tell Nagz", "I already asked Oppi").
    private func addressesApp(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[index]
        guard token.flags.contains(.app), token.flags.isDisjoint(with: .breaks), index + 1 < tokens.count else { return false }
        let before = tokens[index - 1]
        guard !UtteranceSpan.appPrepositions.contains(before.id), !UtteranceSpan.addressVerbs.contains(before.id),
              before.id < BuiltinWord.firstCatalogID, before.flags.isDisjoint(with: [.app, .stop]),
              !Self.followsSubject(tokens, at: index - 1, bytes: bytes), !Self.followsDeterminer(token, bytes: bytes)
        else { return false }
        return !tokens[max(0, index - 3)..<index].contains { word in
            Self.leadUpBlockers.contains(word.id) || Self.reportingWords.contains(word.word(in: bytes))
        }
    }

    /// Whether the utterance opens with a name the vocabulary does not know, capitalised, and goes
    /// on with no pause: the name is the subject of what follows.
    private static func isNameTold(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard tokens.count > 1, tokens[0].id == .unknown, tokens[1].flags.isDisjoint(with: .breaks) else { return false }
        let initial = bytes[Int(tokens[0].start)]
        return initial >= UInt8(ascii: "A") && initial <= UInt8(ascii: "Z")
    }

    /// "asked" read as "ask": a request never begins with a past tense ("I already asked Oppi
    /// to …").
    private func isPastTense(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.isPastTense(token.word(in: bytes), canonical: spelling(of: token))
    }

    /// Whether a word ends in "-ed" that is not its own ("crashed", "asked"; not "need", "speed",
    /// "embed"). A known word counts when its canonical spelling lacks the ending ("asked" is
    /// read as "ask").
    private static func isPastTense(_ said: [UInt8], canonical: String?) -> Bool {
        guard said.count > 4, said.suffix(2).elementsEqual("ed".utf8), said[said.count - 3] != UInt8(ascii: "e") else { return false }
        return !(canonical?.hasSuffix("ed") ?? false)
    }

    /// The canonical spelling of a known word; nil for an unknown one.
    private func spelling(of token: Token) -> String? {
        guard token.id >= BuiltinWord.firstCatalogID || BuiltinWord(id: token.id) != nil,
              Int(token.id) < program.vocabulary.spellings.count else { return nil }
        return program.vocabulary.spellings[Int(token.id)]
    }

    /// Words that tell of a request rather than make it, or stop one; what follows is not asked
    /// for ("stop reminding me about the laundry").
    private static let reportingWords: Set<[UInt8]> = Set([
        "already", "told", "asked", "said", "says", "wish", "hope", "wonder", "wondering", "forgot", "tried", "supposed",
        "whatever", "unless", "stop", "quit", "avoid", "hate", "hates",
        // Comparing apps asks nothing of them: "what's the difference between Oppi and CodingBridge?".
        "difference", "between", "versus", "vs", "compare", "compared", "comparison",
    ].map { Array($0.utf8) })
    /// A word after one of these is the subject of a question ("how does CodingBridge connect
    /// …"), not the start of a request.
    private static let copulas: BuiltinWordSet = [BuiltinWord.is.id, BuiltinWord.are.id, BuiltinWord.was.id]

    private static let auxiliaries: Set<[UInt8]> = Set([
        "do", "does", "did", "has", "have", "had", "is", "was", "are", "were", "will", "should", "can", "might", "must",
    ].map { Array($0.utf8) })

    /// Words after which what follows is not asked for: negation, supposition, a question of
    /// whether, "to" ("I told him to remind Sam"), and wanting, whose object follows ("I want a
    /// blank oppi chat ready so …" asks for a session, not Oppi to do "chat ready").
    private static let leadUpBlockers: BuiltinWordSet = [
        BuiltinWord.not.id, BuiltinWord.no.id, BuiltinWord.if.id, BuiltinWord.whether.id, BuiltinWord.when.id,
        BuiltinWord.to.id, BuiltinWord.would.id, BuiltinWord.could.id, BuiltinWord.never.id, BuiltinWord.nope.id,
        BuiltinWord.nah.id, BuiltinWord.because.id, BuiltinWord.but.id, BuiltinWord.want.id, BuiltinWord.need.id,
        BuiltinWord.like.id, BuiltinWord.love.id, BuiltinWord.without.id,
    ]
    /// Whether the word at `index` is what a subject does, so neither it nor its object begins a
    /// request: after "he", "she" or "they" ("my sister she use Oppi for work"), or after "you",
    /// "we" or "I" in a question about what was done ("did you ask Oppi about …", "have you told
    /// Nagz …"). ("I'll dig through …" is a plan: the "will" of a contraction is checked by id,
    /// as its bytes are the whole contraction.)
    private static func followsSubject(_ tokens: [Token], at index: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard index >= 1 else { return false }
        if thirdPersonSubjects.contains(tokens[index - 1].id) { return true }
        return index >= 2 && askedSubjects.contains(tokens[index - 1].id)
            && perfectAuxiliaries.contains(tokens[index - 2].word(in: bytes))
    }
    /// Not "I" or "we" on their own: "where was I, resume the last chat".
    private static let thirdPersonSubjects: BuiltinWordSet = [BuiltinWord.he.id, BuiltinWord.she.id, BuiltinWord.they.id]
    private static let askedSubjects: BuiltinWordSet = [BuiltinWord.you.id, BuiltinWord.we.id, BuiltinWord.i.id]
    private static let perfectAuxiliaries: Set<[UInt8]> = Set(["did", "have", "has", "had"].map { Array($0.utf8) })
    /// Function words a new request may still follow: "… and remind Sam", "I finished it mark
    /// the nag done". Not "that" or "this", more often determiners ("tick that nag off").
    private static let clauseEnders: BuiltinWordSet = [
        BuiltinWord.and.id, BuiltinWord.it.id, BuiltinWord.them.id, BuiltinWord.him.id, BuiltinWord.her.id,
    ]

    /// Whether a determiner the tokenizer drops stood between the two tokens ("I hate my current
    /// mood": "current" continues a noun phrase, it begins no request).
    private static func determinerDropped(between before: Token, and token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // The parts of a contraction ("do" "not" of "don't") share their bytes.
        guard before.end < token.start else { return false }
        var word: [UInt8] = []
        for index in Int(before.end)..<Int(token.start) {
            let byte = bytes[index] | 0x20
            if byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
                word.append(byte)
                continue
            }
            if determiners.contains(word) { return true }
            word.removeAll(keepingCapacity: true)
        }
        return determiners.contains(word)
    }

    /// Whether the word written right before the token is a determiner ("the CodingBridge release
    /// notes"), whether or not the tokenizer kept it.
    static func followsDeterminer(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = Int(token.start)
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        var start = end
        while start > 0, bytes[start - 1] | 0x20 >= UInt8(ascii: "a"), bytes[start - 1] | 0x20 <= UInt8(ascii: "z") { start -= 1 }
        return start < end && determiners.contains(bytes[start..<end].map { $0 | 0x20 })
    }

    private static let determiners: Set<[UInt8]> = Set(
        ["the", "my", "our", "your", "a", "an", "some", "any", "all", "his", "their", "this", "that"].map { Array($0.utf8) })
}
