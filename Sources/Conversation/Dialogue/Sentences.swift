/// An utterance's sentences, for the dialogue's reading of answers and closings.
enum Sentences {
    /// The text split after "?" and "!", and after a full stop followed by a space or the end
    /// ("It's for Margaret. She's got …"), but not inside "9.30" or after "p.m." or "e.g.",
    /// whose word holds another full stop; an ellipsis ends one too ("let me think... Ava").
    /// Pieces without a letter are left out.
    static func split(_ text: String) -> [Substring] {
        var sentences: [Substring] = []
        var start = text.startIndex
        // Over the bytes: the three marks are ASCII, which UTF-8 never uses inside a character.
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: ".") && endsSentence(text, stop: index, next: next) {
                sentences.append(text[start..<index])
                start = next
            }
            index = next
        }
        sentences.append(text[start...])
        return sentences.filter(hasLetter)
    }

    /// The sentences split again at commas, semicolons, dashes and ellipses: "Leo, sorry — Mia"
    /// → "Leo", " sorry ", " Mia". Empty pieces are left out.
    static func clauses(_ text: String) -> [Substring] {
        split(text).flatMap { pieces(of: $0, dashesOnly: false) }
    }

    /// A sentence split at its dashes ("—", "–"), empty pieces left out.
    static func dashParts(_ sentence: Substring) -> [Substring] {
        pieces(of: sentence, dashesOnly: true)
    }

    /// Over the bytes, as `split` reads them: the dashes and the ellipsis are three bytes each
    /// (E2 80 94, E2 80 93, E2 80 A6), which no other character contains.
    private static func pieces(of sentence: Substring, dashesOnly: Bool) -> [Substring] {
        sentence.pieces { bytes, index in separatorLength(bytes, at: index, dashesOnly: dashesOnly) }
    }

    /// The length in bytes of the separator at `index`, or 0.
    private static func separatorLength(_ bytes: Substring.UTF8View, at index: String.Index, dashesOnly: Bool) -> Int {
        let byte = bytes[index]
        if byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") { return dashesOnly ? 0 : 1 }
        guard byte == 0xE2 else { return 0 }
        let second = bytes.index(after: index)
        guard second < bytes.endIndex, bytes[second] == 0x80 else { return 0 }
        let third = bytes.index(after: second)
        guard third < bytes.endIndex else { return 0 }
        switch bytes[third] {
        case 0x94, 0x93: return 3
        case 0xA6: return dashesOnly ? 0 : 3
        default: return 0
        }
    }

    private static func hasLetter(_ sentence: Substring) -> Bool {
        sentence.utf8.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) } || sentence.contains(where: \.isLetter)
    }

    private static func endsSentence(_ text: String, stop: String.Index, next: String.Index) -> Bool {
        guard next == text.endIndex || text[next].isWhitespace else { return false }
        if text[..<stop].hasSuffix("..") { return true }
        let word = text[..<stop].reversed().prefix { !$0.isWhitespace }
        return !word.contains(".")
    }
}
