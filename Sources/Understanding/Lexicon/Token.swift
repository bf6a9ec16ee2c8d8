/// A word's identity after normalisation: every surface form of a word
/// ("nags", "nag") shares one id.
typealias TokenID = UInt32

extension TokenID {
    /// A word the vocabulary does not know. Free text and entity mentions still
    /// capture it; patterns never name it.
    static let unknown: TokenID = 0
    /// A number; the token's `value` holds it ("45", "forty five", the 5 of "5pm").
    static let number: TokenID = 1
    /// A clock time written with a colon ("6:30"); `value` holds minutes after midnight.
    static let clock: TokenID = 2
    /// An ordinal day number ("5th"); `value` holds the number.
    static let ordinal: TokenID = 3
}

/// What the matcher needs to know about a token besides its id.
struct TokenFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt16

    /// A preposition, conjunction or similar: never part of an entity mention.
    static let stop = TokenFlags(rawValue: 1 << 0)
    /// Part of a date or time: never part of an entity mention.
    static let temporal = TokenFlags(rawValue: 1 << 1)
    /// One of the catalog's apps, by name or alias; `Token.app` says which.
    static let app = TokenFlags(rawValue: 1 << 2)
    /// A number spelt as a word, which may combine with the next ("forty" "five").
    static let numberWord = TokenFlags(rawValue: 1 << 3)
    /// A unit of time; `value` holds its length in seconds.
    static let unit = TokenFlags(rawValue: 1 << 4)
    /// A word the vocabulary does not know, written as a name: with a capital after the first
    /// word, as speech recognisers write names ("nag Ben"), or as code is named ("billing-service").
    static let writtenAsName = TokenFlags(rawValue: 1 << 5)
    /// The first word after a comma, a full stop, a question mark or the like:
    /// a name never runs across it ("for me: dentist", "Ava, uh, unload").
    static let clauseStart = TokenFlags(rawValue: 1 << 6)
    /// The first word after a colon or a dash: what follows is the content the
    /// words before it announced ("capture an idea: offline mode").
    static let afterColon = TokenFlags(rawValue: 1 << 7)
    /// The first word of a self-correction, whose words before it were taken out
    /// ("for Jake, no sorry, for Ava"): text that runs across it skips the gap.
    static let afterCorrection = TokenFlags(rawValue: 1 << 8)
    /// An unknown word with "'s": what it owns follows ("Sophie's homework").
    static let possessive = TokenFlags(rawValue: 1 << 9)
    /// The first word after "actually" at the start of a clause: what follows may restate a
    /// phrase said before it ("chores for the twins, actually just for Noah").
    static let afterActually = TokenFlags(rawValue: 1 << 10)
    /// A catalog verb's past tense ("asked", "reminded"): read as the verb, though a request
    /// never begins with one ("asked Oppi to …" tells of a request) except after "if": "what if we asked …".
    static let pastTense = TokenFlags(rawValue: 1 << 11)
    /// A verb said with "ing" and written in lower case, its stem a word the vocabulary knows ("a
    /// nag for sending the video"): it says what is to be done, so it begins no mention of a person.
    static let gerund = TokenFlags(rawValue: 1 << 12)
    /// What punctuation before a word tells.
    static let breaks: TokenFlags = [.clauseStart, .afterColon]
}

/// One word of an utterance, normalised, with where it came from.
struct Token: Sendable, Hashable {
    var id: TokenID
    var value: Int32
    /// Byte offsets into the original text: slot text is cut from there, so it
    /// keeps the user's casing and the words the matcher ignored in between.
    var start: Int32
    var end: Int32
    var flags: TokenFlags
    /// The app this token names (for `.app` tokens and words that also sound like
    /// an app's name, such as "nags"); -1 for none.
    var app: Int8

    init(id: TokenID, value: Int32 = 0, start: Int32, end: Int32, flags: TokenFlags = [], app: Int8 = -1) {
        self.id = id
        self.value = value
        self.start = start
        self.end = end
        self.flags = flags
        self.app = app
    }

    /// A word of an amount: a number, a number word, a unit, "half" or "quarter".
    var isAmountWord: Bool {
        id == .number || !flags.isDisjoint(with: [.numberWord, .unit]) || id == BuiltinWord.half.id || id == BuiltinWord.quarter.id
    }

    /// Whether the token was read from the same written word as `previous` ("api-prod", "don't",
    /// "family-tree" read as their parts share the word's bytes).
    func isPart(after previous: Token) -> Bool {
        start == previous.start
    }

    /// The word as written in `bytes` (the text it was read from), lower-cased.
    func word(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        bytes[Int(start)..<Int(end)].map { $0 | 0x20 }
    }

    /// Whether the word as written holds a hyphen, as a name written as code does ("tap-list").
    func isWrittenWithHyphen(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[Int(start)..<Int(end)].contains(UInt8(ascii: "-"))
    }

    /// Whether a full stop, a question mark or an exclamation mark comes before the word.
    func opensSentence(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard flags.contains(.clauseStart) else { return false }
        var position = Int(start) - 1
        while position >= 0, bytes[position] == UInt8(ascii: " ") { position -= 1 }
        guard position >= 0 else { return false }
        return bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: "?") || bytes[position] == UInt8(ascii: "!")
    }

    /// Whether the word as written is `spelling` (lower case), compared in place.
    func isWord(_ spelling: String, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes[Int(start)..<Int(end)].lazy.map { $0 | 0x20 }.elementsEqual(spelling.utf8)
    }
}
