/// What one spelling means.
struct WordEntry: Sendable {
    var id: TokenID
    var flags: TokenFlags
    var value: Int32
    /// For app aliases: the app's index. A strong alias (its own word) carries the
    /// `.app` flag and the app's token id; a weak one ("nags", also an ordinary
    /// word) keeps its word id and only names the app where an app is expected.
    var app: Int8
    var droppedEverywhere: Bool
    var isArticle: Bool
    /// For contractions: the entries it stands for, as a range of `Vocabulary.expansions`.
    var expansion: Range<Int32>?
    /// Says who someone is before their name ("my son Mateo"): see `PersonWords`.
    var describesPerson = false
    /// A family title that is part of the name after it ("Grandma Rose"): see `PersonWords`.
    var isTitle = false
}

/// Every word the matcher knows: the built-in words, the catalog's words, and
/// the apps' names. Spellings map to canonical token ids.
struct Vocabulary: Sendable {
    private(set) var table = WordTable()
    private(set) var entries: [WordEntry] = []
    private(set) var expansions: [Int32] = []
    /// Canonical spelling of each id, for diagnostics.
    private(set) var spellings: [String]
    private(set) var appIDs: [TokenID] = []
    /// Plain words that are here only because a contraction or another English's word stands
    /// for them ("make" for "mek"): the catalog still adds their forms ("making") as its own.
    private(set) var wordsOfExpansions: Set<String> = []

    /// The built-in words and contractions, without any catalog.
    static let base = Vocabulary()

    private init() {
        let firstDynamic = BuiltinWord.firstCatalogID
        spellings = Array(repeating: "", count: Int(firstDynamic))
        spellings[Int(TokenID.unknown)] = "<unknown>"
        spellings[Int(TokenID.number)] = "<number>"
        spellings[Int(TokenID.clock)] = "<clock>"
        spellings[Int(TokenID.ordinal)] = "<ordinal>"
        for word in BuiltinWord.allCases {
            spellings[Int(word.id)] = word.spellings.first ?? "\(word)"
            let entry = WordEntry(
                id: word.id, flags: word.flags, value: word.numberValue ?? word.unitSeconds ?? 0, app: -1,
                droppedEverywhere: word.isDroppedEverywhere, isArticle: word.isArticle, expansion: nil)
            for spelling in word.spellings { insert(spelling, entry) }
        }
        for (contraction, expansion) in Contractions.expansions.merging(Contractions.regionalWords, uniquingKeysWith: { $1 })
            .merging(Contractions.typedShorthand, uniquingKeysWith: { $1 }) {
            let parts = expansion.split(separator: " ").map { part -> Int32 in
                if table.lookup(String(part)) == nil { wordsOfExpansions.insert(String(part)) }
                return addWord(String(part))
            }
            let start = Int32(expansions.count)
            expansions.append(contentsOf: parts)
            var entry = entries[Int(parts[0])]
            entry.expansion = start..<Int32(expansions.count)
            insert(contraction, entry)
        }
    }

    /// Whether the vocabulary knows a spelling (lower-case bytes) made up while reading a word:
    /// the word with a letter put back, a part of it.
    func knows(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        entryIndex(word, hash: WordTable.hash(word)) != nil
    }

    /// The entry index for a spelling (lower-case bytes).
    func entryIndex(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        table.lookup(word, hash: hash)
    }

    func entryIndex(_ word: String) -> Int32? {
        table.lookup(word)
    }

    func entry(at index: Int32) -> WordEntry {
        entries[Int(index)]
    }

    /// The spellings that mean something to the matcher (not those kept only to say who
    /// someone is), for correcting typed words.
    var knownSpellings: [String] {
        table.spellings.filter { entries[Int($0.value)].id != .unknown }.map(\.word)
    }

    /// The token id of a known spelling.
    func id(of word: String) -> TokenID? {
        entryIndex(word).map { entries[Int($0)].id }
    }

    func spelling(of id: TokenID) -> String {
        Int(id) < spellings.count ? spellings[Int(id)] : "<\(id)>"
    }

    /// Registers a plain word if it is new and returns the index of its entry.
    @discardableResult
    mutating func addWord(_ word: String) -> Int32 {
        if let index = table.lookup(word) { return index }
        let id = TokenID(spellings.count)
        spellings.append(word)
        return insert(word, WordEntry(
            id: id, flags: [], value: 0, app: -1, droppedEverywhere: false, isArticle: false, expansion: nil))
    }

    /// Makes `word` another spelling of `canonical` (plurals: "nags" is "nag"), with `flags`
    /// telling the form apart (a past tense: "asked" is "ask", `.pastTense`).
    mutating func addAlias(_ word: String, of canonical: String, flags: TokenFlags = []) {
        guard let index = table.lookup(canonical) else { return }
        var entry = entries[Int(index)]
        guard entry.expansion == nil, entry.flags.isEmpty else { return }
        entry.flags = flags
        insert(word, entry)
    }

    /// Marks a word that can say who someone is before their name. A word the catalog does not
    /// use stays an unknown word, as it was.
    mutating func markDescribesPerson(_ word: String) {
        if let index = table.lookup(word) {
            entries[Int(index)].describesPerson = true
            return
        }
        insert(word, WordEntry(
            id: .unknown, flags: [], value: 0, app: -1, droppedEverywhere: false, isArticle: false, expansion: nil,
            describesPerson: true))
    }

    /// Marks a word that, said before a name, is part of it ("Uncle Dev").
    mutating func markTitle(_ word: String) {
        guard let index = table.lookup(word) else { return }
        entries[Int(index)].isTitle = true
    }

    /// Allocates the token id that stands for an app.
    mutating func addApp(named name: String) -> TokenID {
        let id = TokenID(spellings.count)
        spellings.append("<app:\(name)>")
        appIDs.append(id)
        return id
    }

    /// A one-word alias that is nothing but the app's name.
    mutating func addStrongAlias(_ word: String, app: Int) {
        insert(word, WordEntry(
            id: appIDs[app], flags: .app, value: 0, app: Int8(app), droppedEverywhere: false, isArticle: false,
            expansion: nil))
    }

    /// A one-word alias that is also an ordinary word ("nags"): the word keeps its
    /// meaning and names the app only where an app is expected.
    mutating func addWeakAlias(_ word: String, app: Int) {
        let index = addWord(word)
        entries[Int(index)].app = Int8(app)
    }

    @discardableResult
    private mutating func insert(_ word: String, _ entry: WordEntry) -> Int32 {
        if let existing = table.lookup(word) {
            entries[Int(existing)] = entry
            return existing
        }
        let index = Int32(entries.count)
        entries.append(entry)
        table.insert(word, value: index)
        return index
    }
}
