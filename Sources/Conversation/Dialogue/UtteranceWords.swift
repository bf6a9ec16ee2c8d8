/// Lower-cased words of an utterance with punctuation removed, so "ok bye."
/// and "OK, bye!" read the same.
struct UtteranceWords: Sendable {
    let words: [Substring]
    let normalized: String

    init(_ text: String) {
        var cleaned = ""
        cleaned.reserveCapacity(text.utf8.count)
        for scalar in text.lowercased().unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                cleaned.unicodeScalars.append(scalar)
            } else {
                cleaned.append(" ")
            }
        }
        normalized = cleaned.split(separator: " ").joined(separator: " ")
        words = normalized.split(separator: " ")
    }

    func contains(phrase: String) -> Bool {
        let target = phrase.split(separator: " ")
        guard !target.isEmpty, target.count <= words.count else { return false }
        for start in 0...(words.count - target.count) where words[start] == target[0] {
            if zip(words[start...], target).allSatisfy({ $0 == $1 }) { return true }
        }
        return false
    }
}
