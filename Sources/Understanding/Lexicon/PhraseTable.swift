/// Multi-word phrases over token ids ("coding bridge", "can you", "thank you"),
/// found by their first or last word, longest first.
///
/// Built once when the matcher is compiled and read on every utterance, so the phrases lie
/// in one flat list of words and each word leads straight to the phrases it begins or
/// ends: a common first word ("i", "can") no longer walks past every other phrase.
struct PhraseTable: Sendable {
    private struct Phrase {
        var start: Int32
        var count: Int32
        var value: Int32
    }

    /// The phrases' words, one after another.
    private var words: [TokenID] = []
    /// Longest first.
    private var phrases: [Phrase] = []
    private var byFirstWord = WordIndex()
    private var byLastWord = WordIndex()

    var isEmpty: Bool { phrases.isEmpty }

    mutating func add(_ tokens: [TokenID], value: Int32 = 0) {
        guard !tokens.isEmpty, !phrases.contains(where: { self.words(of: $0).elementsEqual(tokens) }) else { return }
        let phrase = Phrase(start: Int32(words.count), count: Int32(tokens.count), value: value)
        words += tokens
        phrases.insert(phrase, at: phrases.firstIndex { $0.count < phrase.count } ?? phrases.count)
        byFirstWord = WordIndex(phrases.map { words[Int($0.start)] })
        byLastWord = WordIndex(phrases.map { words[Int($0.start + $0.count) - 1] })
    }

    /// The longest phrase starting at `index` (ending at or before `limit`).
    func match(_ tokens: UnsafeBufferPointer<Token>, at index: Int, limit: Int) -> (length: Int, value: Int32)? {
        for position in byFirstWord.positions(of: tokens[index].id) {
            let phrase = phrases[position]
            if Int(phrase.count) <= limit - index, occurs(phrase, in: tokens, at: index) {
                return (Int(phrase.count), phrase.value)
            }
        }
        return nil
    }

    /// The longest phrase ending just before `end` (starting at or after `start`).
    func match(_ tokens: UnsafeBufferPointer<Token>, endingAt end: Int, start: Int) -> (length: Int, value: Int32)? {
        guard end > start else { return nil }
        for position in byLastWord.positions(of: tokens[end - 1].id) {
            let phrase = phrases[position]
            if Int(phrase.count) <= end - start, occurs(phrase, in: tokens, at: end - Int(phrase.count)) {
                return (Int(phrase.count), phrase.value)
            }
        }
        return nil
    }

    private func occurs(_ phrase: Phrase, in tokens: UnsafeBufferPointer<Token>, at base: Int) -> Bool {
        let start = Int(phrase.start)
        for offset in 0..<Int(phrase.count) where tokens[base + offset].id != words[start + offset] { return false }
        return true
    }

    private func words(of phrase: Phrase) -> ArraySlice<TokenID> {
        words[Int(phrase.start)..<Int(phrase.start + phrase.count)]
    }
}

/// Positions in a list grouped by a word of each entry, every group in the list's order.
private struct WordIndex: Sendable {
    /// The group of word `id` is `positions[groupStarts[id]..<groupStarts[id + 1]]`.
    private var groupStarts: [Int32] = [0]
    private var positions: [Int32] = []

    init() {}

    init(_ keys: [TokenID]) {
        var starts = [Int32](repeating: 0, count: Int(keys.max() ?? 0) + 2)
        for key in keys { starts[Int(key) + 1] += 1 }
        for id in starts.indices.dropFirst() { starts[id] += starts[id - 1] }
        var next = starts
        positions = [Int32](repeating: 0, count: keys.count)
        for (position, key) in keys.enumerated() {
            positions[Int(next[Int(key)])] = Int32(position)
            next[Int(key)] += 1
        }
        groupStarts = starts
    }

    func positions(of id: TokenID) -> LazyMapSequence<Range<Int>, Int> {
        let key = Int(id)
        let group = key + 1 < groupStarts.count ? Int(groupStarts[key])..<Int(groupStarts[key + 1]) : 0..<0
        return group.lazy.map { Int(positions[$0]) }
    }
}
