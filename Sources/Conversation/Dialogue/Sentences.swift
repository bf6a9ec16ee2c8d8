/// An utterance's sentences, for the dialogue's reading of answers and closings.
enum Sentences {
    /// The text split after "?" and "!", and after a full stop followed by a space or the end
    /// ("It's for Margaret. She's got …"), but not inside "9.30" or after "p.m." or "e.g.",
    /// whose word holds another full stop; an ellipsis ends one too ("let me think... Ava").
    /// Pieces without a letter are left out.
    static func split(_ text: String) -> [Substring] {
        var sentences: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "?" || character == "!" || character == "." && endsSentence(text, stop: index, next: next) {
                sentences.append(text[start..<index])
                start = next
            }
            index = next
        }
        sentences.append(text[start...])
        return sentences.filter { $0.contains(where: \.isLetter) }
    }

    private static func endsSentence(_ text: String, stop: String.Index, next: String.Index) -> Bool {
        guard next == text.endIndex || text[next].isWhitespace else { return false }
        if text[..<stop].hasSuffix("..") { return true }
        let word = text[..<stop].reversed().prefix { !$0.isWhitespace }
        return !word.contains(".")
    }
}
