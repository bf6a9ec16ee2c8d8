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
            } else if Self.isWordCharacter(scalar) {
                cleaned.unicodeScalars.append(scalar)
            } else {
                cleaned.append(" ")
            }
        }
        normalized = cleaned.split(separator: " ").joined(separator: " ")
        words = normalized.split(separator: " ")
    }

    /// Letters and digits. ASCII, which most utterances are, is settled without the Unicode
    /// property tables (1.5 % of a turn's instructions when every scalar went to them).
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isAlphabetic }
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
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
