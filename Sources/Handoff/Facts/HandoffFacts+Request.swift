extension HandoffFacts {
    /// `utterance.request` for an utterance: its words without those the user dictated into
    /// free-text parameters, so "remind Noah to open the windows" asks to open nothing and
    /// "ask Oppi to order the imports" buys nothing. Each dictated text is removed where its
    /// words first appear in a row; one that does not appear (carried over from an earlier
    /// turn, or reworded by the matcher) removes nothing. Nil when nothing was removed: the
    /// request is then the whole utterance.
    public static func request(in utterance: String, dictated: [String]) -> String? {
        guard !dictated.isEmpty else { return nil }
        var words = WordScanner.words(in: utterance)
        var removed = false
        for text in dictated {
            let phrase = WordScanner.words(in: text)
            guard !phrase.isEmpty, phrase.count <= words.count else { continue }
            for start in 0...(words.count - phrase.count) where words[start..<(start + phrase.count)].elementsEqual(phrase) {
                words.removeSubrange(start..<(start + phrase.count))
                removed = true
                break
            }
        }
        return removed ? words.joined(separator: " ") : nil
    }
}
