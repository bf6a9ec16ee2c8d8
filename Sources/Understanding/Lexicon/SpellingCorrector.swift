/// Typed words one slip away from a word the matcher knows: a letter left out ("remnd",
/// "snoze", "famly"), one too many ("moood"), two swapped ("overdeu") or one wrong. Only
/// lower-case words of five letters or more the vocabulary does not know are corrected, and
/// only to the one known word they can be a slip of; a capitalised word is taken for a name.
/// The matcher reads a corrected utterance only when the one as written matched nothing, which
/// is also true of every request for no app at all ("tell me a joke"), so a word is checked
/// in byte tables without allocating.
struct SpellingCorrector: Sendable {
    private var targets: [String] = []
    private var known = WordTable()
    /// A known word with one letter taken out → its index in `targets`; -1 where two words give the same.
    private var deletions = WordTable(capacity: 16_384)

    static let shortestCorrected = 5

    init(spellings: [String]) {
        for word in spellings where word.count >= Self.shortestCorrected - 1 && word.utf8.allSatisfy(Self.isLowercaseLetter) {
            let index = Int32(targets.count)
            targets.append(word)
            known.insert(word, value: index)
            let bytes = Array(word.utf8)
            for position in bytes.indices {
                var shorter = bytes
                shorter.remove(at: position)
                let deleted = String(decoding: shorter, as: UTF8.self)
                if let existing = deletions.lookup(deleted) {
                    if existing != index { deletions.insert(deleted, value: -1) }
                } else {
                    deletions.insert(deleted, value: index)
                }
            }
        }
    }

    /// The text with its slips corrected, or nil when none was found.
    func corrected(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var corrections: [(Range<Int>, String)] = []
        var scratch: [UInt8] = []
        var start = 0
        while start < bytes.count {
            guard Self.isLowercaseLetter(bytes[start]), start == 0 || !Self.isWordByte(bytes[start - 1]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, Self.isLowercaseLetter(bytes[end]) { end += 1 }
            if end - start >= Self.shortestCorrected, end == bytes.count || !Self.isWordByte(bytes[end]),
               let correction = correction(of: bytes[start..<end], scratch: &scratch) {
                corrections.append((start..<end, correction))
            }
            start = end + 1
        }
        guard !corrections.isEmpty else { return nil }
        var result = bytes
        for (range, correction) in corrections.reversed() { result.replaceSubrange(range, with: correction.utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The one known word `word` (lower-case ASCII letters) is a slip of.
    func correction(of word: ArraySlice<UInt8>, scratch: inout [UInt8]) -> String? {
        guard Self.find(Array(word), in: known) == nil else { return nil }
        var found: Int32?
        var ambiguous = false
        func offer(_ index: Int32?) {
            guard let index, index >= 0, !ambiguous else { return }
            if let current = found, current != index { ambiguous = true } else { found = index }
        }
        let letters = Array(word)
        // A letter left out: the word is a known word with one letter taken out.
        offer(Self.find(letters, in: deletions))
        for position in letters.indices {
            scratch = letters
            scratch.remove(at: position)
            // One letter too many.
            offer(Self.find(scratch, in: known))
            // One letter wrong: both lose the letter at the same place.
            if let other = Self.find(scratch, in: deletions), other >= 0, differsOnlyAt(position, targets[Int(other)], letters) {
                offer(other)
            }
        }
        // Two letters swapped.
        for position in letters.indices.dropLast() where letters[position] != letters[position + 1] {
            scratch = letters
            scratch.swapAt(position, position + 1)
            offer(Self.find(scratch, in: known))
        }
        guard !ambiguous, let found else { return nil }
        return targets[Int(found)]
    }

    private static func find(_ bytes: [UInt8], in table: WordTable) -> Int32? {
        bytes.withUnsafeBufferPointer { table.lookup($0, hash: WordTable.hash($0)) }
    }

    private func differsOnlyAt(_ position: Int, _ other: String, _ letters: [UInt8]) -> Bool {
        let otherLetters = Array(other.utf8)
        guard otherLetters.count == letters.count else { return false }
        return otherLetters[position] != letters[position]
            && otherLetters.indices.allSatisfy { $0 == position || otherLetters[$0] == letters[$0] }
    }

    /// Letters of either case, digits, an apostrophe or a hyphen: a run of lower-case letters
    /// next to one is part of a longer word ("jiri-server", "McAllen", "o'clock").
    private static func isWordByte(_ byte: UInt8) -> Bool {
        isLowercaseLetter(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-")
            || byte >= 0x80
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
