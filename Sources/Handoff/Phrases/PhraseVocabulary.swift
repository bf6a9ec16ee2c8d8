/// The words that occur in a ruleset's phrases, each with a small integer id.
///
/// An utterance is turned into word ids once per decision; every `has_phrase` condition then
/// compares integers. Words no phrase uses all share `unknownWord`, which keeps adjacency
/// ("show the me" is not "show me") without storing them.
struct PhraseVocabulary: Sendable {
    static let unknownWord: Int32 = -1

    private(set) var words: [[UInt8]] = []
    private var hashes: [UInt64] = []
    /// Open addressing: each slot holds an index into `words`, or -1.
    private var slots: [Int32] = Array(repeating: -1, count: 16)

    var count: Int { words.count }

    /// The id of `word` (already normalised), adding it when new.
    mutating func intern(_ word: [UInt8]) -> Int32 {
        let id = lookUp(word)
        if id != Self.unknownWord { return id }
        if (words.count + 1) * 2 > slots.count {
            grow()
        }
        let newID = Int32(words.count)
        let hash = Self.hash(word)
        words.append(word)
        hashes.append(hash)
        insert(id: newID, hash: hash)
        return newID
    }

    /// The id of a normalised word, or `unknownWord`.
    func lookUp(_ word: borrowing [UInt8]) -> Int32 {
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[slot]
            if id == Self.unknownWord { return id }
            if hashes[Int(id)] == hash, words[Int(id)] == word { return id }
            slot = (slot + 1) & mask
        }
    }

    /// The word ids of `text`, in order. Words people run together when speaking count as the
    /// words they stand for, so "lemme see" says the phrase "let me see".
    func wordIDs(in text: String) -> [Int32] {
        var ids: [Int32] = []
        ids.reserveCapacity(16)
        WordScanner.forEachWord(in: text) { word in
            if word.count == 5, let parts = Self.runTogether[word] {
                for part in parts { ids.append(lookUp(part)) }
            } else {
                ids.append(lookUp(word))
            }
        }
        return ids
    }

    private static let runTogether: [[UInt8]: [[UInt8]]] = Dictionary(uniqueKeysWithValues: [
        ("lemme", "let me"), ("gimme", "give me"), ("wanna", "want to"), ("gonna", "going to"), ("gotta", "got to"),
        ("kinda", "kind of"), ("sorta", "sort of"), ("outta", "out of"),
    ].map { (Array($0.0.utf8), $0.1.split(separator: " ").map { Array($0.utf8) }) })

    /// The word ids of a phrase, adding new words.
    mutating func internPhrase(_ phrase: String) -> [Int32] {
        var ids: [Int32] = []
        WordScanner.forEachWord(in: phrase) { ids.append(intern(Array($0))) }
        return ids
    }

    private mutating func grow() {
        slots = Array(repeating: -1, count: slots.count * 2)
        for (index, hash) in hashes.enumerated() {
            insert(id: Int32(index), hash: hash)
        }
    }

    private mutating func insert(id: Int32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != Self.unknownWord {
            slot = (slot + 1) & mask
        }
        slots[slot] = id
    }

    private static func hash(_ bytes: borrowing [UInt8]) -> UInt64 {
        StableHash.finalize(StableHash.fnv1a(bytes))
    }
}
