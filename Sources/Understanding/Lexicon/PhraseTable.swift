/// Multi-word phrases over token ids ("coding bridge", "can you", "thank you"),
/// found by their first or last word, longest first.
///
/// Built once when the matcher is compiled and read on every utterance: from the first word,
/// the phrases are a tree of their words (a common first word, "i" or "can", walks one path);
/// from the last, each word leads straight to the phrases it ends.
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
    private var byFirstWords = PrefixTree()
    private var byLastWord = WordIndex()

    var isEmpty: Bool { phrases.isEmpty }

    mutating func add(_ tokens: [TokenID], value: Int32 = 0) {
        guard !tokens.isEmpty, !byFirstWords.contains(tokens) else { return }
        let phrase = Phrase(start: Int32(words.count), count: Int32(tokens.count), value: value)
        words += tokens
        byFirstWords.insert(tokens, value: value)
        phrases.insert(phrase, at: phrases.firstIndex { $0.count < phrase.count } ?? phrases.count)
        byLastWord = WordIndex(phrases.map { words[Int($0.start + $0.count) - 1] })
    }

    /// The longest phrase starting at `index` (ending at or before `limit`): one walk down the
    /// tree of the phrases' words, where a walk past every phrase that begins with the token
    /// passed dozens that begin with "i" or "can".
    func match(_ tokens: UnsafeBufferPointer<Token>, at index: Int, limit: Int) -> (length: Int, value: Int32)? {
        var found: (length: Int, value: Int32)?
        var node = PrefixTree.root
        var end = index
        while end < limit, let next = byFirstWords.child(of: node, tokens[end].id) {
            node = next
            end += 1
            if let value = byFirstWords.value(endingAt: node) { found = (end - index, value) }
        }
        return found
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

/// Phrases as a tree of their words from the first: a node for each beginning some phrase has,
/// with the value of the phrase that ends there, if one does.
private struct PrefixTree: Sendable {
    static let root = 0

    /// The node of each phrase's first word, by the word's id; the root for a word no phrase
    /// begins with (the root is no node's child).
    private var firstWordNodes: [Int32] = []
    /// Each node's word, first child and next sibling (the root for none).
    private var words: [TokenID] = [0]
    private var firstChildren: [Int32] = [0]
    private var nextSiblings: [Int32] = [0]
    private var values: [Int32?] = [nil]

    /// Adds a phrase not added before.
    mutating func insert(_ phrase: [TokenID], value: Int32) {
        var node = Self.root
        for word in phrase {
            node = child(of: node, word) ?? addChild(word, to: node)
        }
        values[node] = value
    }

    func child(of node: Int, _ word: TokenID) -> Int? {
        if node == Self.root {
            let child = Int(word) < firstWordNodes.count ? Int(firstWordNodes[Int(word)]) : Self.root
            return child == Self.root ? nil : child
        }
        var child = Int(firstChildren[node])
        while child != Self.root {
            if words[child] == word { return child }
            child = Int(nextSiblings[child])
        }
        return nil
    }

    func value(endingAt node: Int) -> Int32? {
        values[node]
    }

    /// Whether `phrase` was added.
    func contains(_ phrase: [TokenID]) -> Bool {
        var node = Self.root
        for word in phrase {
            guard let next = child(of: node, word) else { return false }
            node = next
        }
        return values[node] != nil
    }

    private mutating func addChild(_ word: TokenID, to parent: Int) -> Int {
        let node = words.count
        words.append(word)
        firstChildren.append(Int32(Self.root))
        values.append(nil)
        if parent == Self.root {
            if Int(word) >= firstWordNodes.count {
                firstWordNodes += repeatElement(Int32(Self.root), count: Int(word) + 1 - firstWordNodes.count)
            }
            firstWordNodes[Int(word)] = Int32(node)
            nextSiblings.append(Int32(Self.root))
        } else {
            nextSiblings.append(firstChildren[parent])
            firstChildren[parent] = Int32(node)
        }
        return node
    }
}
