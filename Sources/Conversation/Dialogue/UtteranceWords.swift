/// Lower-cased words of an utterance with punctuation removed, so "ok bye."
/// and "OK, bye!" read the same.
struct UtteranceWords: Sendable {
    let words: [Substring]
    let normalized: String

    /// A word as written, the way phrase lists spell it: lower case, letters and digits only
    /// ("It's," → "its").
    static func folded(_ word: Substring) -> Substring {
        guard word.utf8.allSatisfy({ $0 < 0x80 }) else { return Substring(word.lowercased().filter { $0.isLetter || $0.isNumber }) }
        if word.utf8.allSatisfy(isFoldedASCII) { return word }
        return Substring(normalizedASCII(String(word)).filter { $0 != " " })
    }

    private static func isFoldedASCII(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether words as written begin with `phrase` (folded words), or are all of it.
    static func begin<Words: Collection<Substring>>(_ words: Words, with phrase: [Substring]) -> Bool {
        phrase.count <= words.count && zip(phrase, words).allSatisfy { $0 == folded($1) }
    }

    /// Whether `phrase` (folded words) is said anywhere, word for word.
    func contains(_ phrase: [Substring]) -> Bool {
        words.count >= phrase.count && (0...(words.count - phrase.count)).contains { words[$0..<($0 + phrase.count)].elementsEqual(phrase) }
    }

    init(_ text: String) {
        normalized = text.utf8.allSatisfy { $0 < 0x80 } ? Self.normalizedASCII(text) : Self.normalizedUnicode(text)
        words = normalized.spaceSeparated
    }

    /// Most utterances: one pass over the bytes, without the Unicode case mapping and
    /// property tables (UtteranceWords was 8 % of a turn's instructions).
    static func normalizedASCII(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var spaceBefore = false
        for byte in text.utf8 {
            let kept: UInt8
            switch byte {
            case UInt8(ascii: "'"):
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                kept = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                kept = byte + 0x20
            default:
                spaceBefore = true
                continue
            }
            if spaceBefore && !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
            spaceBefore = false
            bytes.append(kept)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func normalizedUnicode(_ text: String) -> String {
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
        return cleaned.spaceSeparated.joined(separator: " ")
    }
}
