/// A list of phrases compiled against a `PhraseVocabulary`, matched as whole words.
struct PhraseSet: Sendable {
    /// The phrases as written in the rules file.
    let phrases: [String]
    private let wordIDs: [[Int32]]
    /// For each vocabulary word, the phrases that start with it (indices into `phrases`).
    private let phrasesByFirstWord: [[Int]]

    /// Compiles `phrases`, adding their words to `vocabulary`. Phrases with no words are
    /// skipped; the parser rejects them first.
    init(_ phrases: [String], vocabulary: inout PhraseVocabulary) {
        self.phrases = phrases
        wordIDs = phrases.map { vocabulary.internPhrase($0) }
        var byFirstWord: [[Int]] = []
        for (index, ids) in wordIDs.enumerated() {
            guard let first = ids.first else { continue }
            let slot = Int(first)
            if byFirstWord.count <= slot {
                byFirstWord.append(contentsOf: repeatElement([], count: slot + 1 - byFirstWord.count))
            }
            byFirstWord[slot].append(index)
        }
        phrasesByFirstWord = byFirstWord
    }

    /// Whether any phrase occurs in `words` (an utterance's word ids).
    func matches(_ words: [Int32]) -> Bool {
        firstMatch(in: words) != nil
    }

    /// The first phrase found, scanning the utterance from its start.
    func firstMatch(in words: [Int32]) -> String? {
        for start in words.indices {
            let word = Int(words[start])
            guard word >= 0, word < phrasesByFirstWord.count else { continue }
            for index in phrasesByFirstWord[word] where occurs(wordIDs[index], in: words, at: start) {
                return phrases[index]
            }
        }
        return nil
    }

    private func occurs(_ phrase: [Int32], in words: [Int32], at start: Int) -> Bool {
        guard words.count - start >= phrase.count else { return false }
        for offset in 1..<phrase.count where words[start + offset] != phrase[offset] {
            return false
        }
        return true
    }
}
