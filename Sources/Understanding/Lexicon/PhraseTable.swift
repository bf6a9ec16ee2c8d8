/// Multi-word phrases over token ids ("coding bridge", "can you", "thank you"),
/// found by their first or last word through a bitmap, longest first.
struct PhraseTable: Sendable {
    private var phrases: [[TokenID]] = []
    private var values: [Int32] = []
    private var firstWords: [Bool] = []
    private var lastWords: [Bool] = []

    var isEmpty: Bool { phrases.isEmpty }

    mutating func add(_ tokens: [TokenID], value: Int32 = 0) {
        guard !tokens.isEmpty, !phrases.contains(tokens) else { return }
        let position = phrases.firstIndex { $0.count < tokens.count } ?? phrases.count
        phrases.insert(tokens, at: position)
        values.insert(value, at: position)
        mark(&firstWords, tokens[0])
        mark(&lastWords, tokens[tokens.count - 1])
    }

    /// The longest phrase starting at `index` (ending at or before `limit`).
    func match(_ tokens: UnsafeBufferPointer<Token>, at index: Int, limit: Int) -> (length: Int, value: Int32)? {
        let first = Int(tokens[index].id)
        guard first < firstWords.count, firstWords[first] else { return nil }
        for (position, phrase) in phrases.enumerated()
        where phrase.count <= limit - index && Self.occurs(phrase, in: tokens, at: index) {
            return (phrase.count, values[position])
        }
        return nil
    }

    /// The longest phrase ending just before `end` (starting at or after `start`).
    func match(_ tokens: UnsafeBufferPointer<Token>, endingAt end: Int, start: Int) -> (length: Int, value: Int32)? {
        guard end > start else { return nil }
        let last = Int(tokens[end - 1].id)
        guard last < lastWords.count, lastWords[last] else { return nil }
        for (position, phrase) in phrases.enumerated()
        where phrase.count <= end - start && Self.occurs(phrase, in: tokens, at: end - phrase.count) {
            return (phrase.count, values[position])
        }
        return nil
    }

    private static func occurs(_ phrase: [TokenID], in tokens: UnsafeBufferPointer<Token>, at base: Int) -> Bool {
        for offset in 0..<phrase.count where tokens[base + offset].id != phrase[offset] { return false }
        return true
    }

    private func mark(_ bitmap: inout [Bool], _ id: TokenID) {
        if bitmap.count <= Int(id) { bitmap.append(contentsOf: repeatElement(false, count: Int(id) + 1 - bitmap.count)) }
        bitmap[Int(id)] = true
    }
}
