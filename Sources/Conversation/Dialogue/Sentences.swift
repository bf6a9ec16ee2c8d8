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
    /// → "Leo", " sorry ", " Mia".
    static func clauses(_ text: String) -> [Substring] {
        split(text).flatMap { $0.split(whereSeparator: { ",;—–…".contains($0) }) }
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
