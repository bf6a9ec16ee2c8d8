/// Typed words one slip away from a word the matcher knows: a letter left out ("remnd",
/// "snoze", "famly"), one too many ("moood"), two swapped ("overdeu") or one wrong. Only
/// lower-case words of five letters or more the vocabulary does not know are corrected, and
/// only to the one known word they can be a slip of; a capitalised word is taken for a name.
/// The matcher reads a corrected utterance only when the one as written matched nothing.
struct SpellingCorrector: Sendable {
    /// A known word with one letter taken out, and the word; nil where two words give the same.
    private var deletions: [String: String?] = [:]
    private var known: Set<String> = []

    static let shortestCorrected = 5

    init(spellings: [String]) {
        for word in spellings where word.count >= Self.shortestCorrected - 1 && word.utf8.allSatisfy(Self.isLowercaseLetter) {
            known.insert(word)
            for deleted in Self.deletions(of: word) {
                if let existing = deletions[deleted] {
                    if existing != word { deletions[deleted] = .some(nil) }
                } else {
                    deletions[deleted] = word
                }
            }
        }
    }

    /// The text with its slips corrected, or nil when none was found. Read byte by byte: most
    /// texts it sees are requests for no app at all ("tell me a joke"), and hold no slip.
    func corrected(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var corrections: [(Range<Int>, String)] = []
        var start = 0
        while start < bytes.count {
            guard Self.isLowercaseLetter(bytes[start]), start == 0 || !Self.isWordByte(bytes[start - 1]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, Self.isLowercaseLetter(bytes[end]) { end += 1 }
            if end - start >= Self.shortestCorrected, end == bytes.count || !Self.isWordByte(bytes[end]),
               let correction = correction(of: String(decoding: bytes[start..<end], as: UTF8.self)) {
                corrections.append((start..<end, correction))
            }
            start = end + 1
        }
        guard !corrections.isEmpty else { return nil }
        var result = bytes
        for (range, correction) in corrections.reversed() { result.replaceSubrange(range, with: correction.utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The one known word `word` is a slip of.
    func correction(of word: String) -> String? {
        guard word.count >= Self.shortestCorrected, !known.contains(word), word.utf8.allSatisfy(Self.isLowercaseLetter) else {
            return nil
        }
        var candidates: Set<String> = []
        // A letter left out: the word is a known word with one letter taken out.
        if case .some(.some(let full)) = deletions[word] { candidates.insert(full) }
        let letters = Array(word)
        for index in letters.indices {
            var shorter = letters
            shorter.remove(at: index)
            let deleted = String(shorter)
            // One letter too many.
            if known.contains(deleted) { candidates.insert(deleted) }
            // One letter wrong: both lose the letter at the same place.
            if case .some(.some(let other)) = deletions[deleted], other.count == word.count,
               Self.differsAt(index, other, letters) {
                candidates.insert(other)
            }
        }
        // Two letters swapped.
        for index in letters.indices.dropLast() where letters[index] != letters[index + 1] {
            var swapped = letters
            swapped.swapAt(index, index + 1)
            let candidate = String(swapped)
            if known.contains(candidate) { candidates.insert(candidate) }
        }
        return candidates.count == 1 ? candidates.first : nil
    }

    private static func differsAt(_ index: Int, _ other: String, _ letters: [Character]) -> Bool {
        let otherLetters = Array(other)
        return otherLetters[index] != letters[index]
            && otherLetters.indices.allSatisfy { $0 == index || otherLetters[$0] == letters[$0] }
    }

    private static func deletions(of word: String) -> [String] {
        let letters = Array(word)
        return letters.indices.map { index in
            var shorter = letters
            shorter.remove(at: index)
            return String(shorter)
        }
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
