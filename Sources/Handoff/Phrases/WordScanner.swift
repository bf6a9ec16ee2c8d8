/// Splits text into normalised words: lower-cased runs of letters, digits and combining marks.
///
/// Everything else separates words, except apostrophes (`'`, `’`, `ʼ`), which are dropped so
/// that "don't", "don’t" and "dont" are one word. ASCII, nearly every utterance, takes a
/// byte-level path that allocates nothing but the reused word buffer.
enum WordScanner {
    /// Calls `body` with each word's normalised UTF-8 bytes, in order.
    static func forEachWord(in text: String, _ body: (borrowing [UInt8]) -> Void) {
        var word: [UInt8] = []
        word.reserveCapacity(32)
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch classify(scalar) {
            case .wordByte(let byte):
                word.append(byte)
            case .wordScalar(let lowered):
                word.append(contentsOf: lowered.utf8)
            case .apostrophe:
                continue
            case .separator:
                if !word.isEmpty {
                    body(word)
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        if !word.isEmpty {
            body(word)
        }
    }

    /// The normalised words of `text`, as strings (for loading phrases and for traces).
    static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    private enum ScalarClass {
        case wordByte(UInt8)
        case wordScalar(String)
        case apostrophe
        case separator
    }

    private static func classify(_ scalar: Unicode.Scalar) -> ScalarClass {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .wordByte(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                return .wordByte(byte | 0x20)
            case UInt8(ascii: "'"):
                return .apostrophe
            default:
                return .separator
            }
        }
        if value == 0x2019 || value == 0x02BC {
            return .apostrophe
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .wordScalar(String(Character(scalar)))
        default:
            break
        }
        if properties.isAlphabetic || properties.numericType != nil {
            return .wordScalar(properties.lowercaseMapping)
        }
        return .separator
    }
}
