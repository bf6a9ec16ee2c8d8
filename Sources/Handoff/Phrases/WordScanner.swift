/// Splits text into normalised words: lower-cased runs of letters, digits and combining marks.
///
/// Everything else separates words, except apostrophes (`'`, `’`, `ʼ`), which are dropped so
/// that "don't", "don’t" and "dont" are one word. Runs once per decision, so it walks the
/// UTF-8 bytes directly: ASCII (nearly every utterance) costs a couple of comparisons a byte,
/// and only non-ASCII scalars are decoded and looked up in the Unicode tables.
enum WordScanner {
    /// Calls `body` with each word's normalised UTF-8 bytes, in order.
    static func forEachWord(in text: String, _ body: (borrowing [UInt8]) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var word: [UInt8] = []
            word.reserveCapacity(24)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    index += 1
                    switch byte {
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        word.append(byte)
                        continue
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                        word.append(byte | 0x20)
                        continue
                    case UInt8(ascii: "'"):
                        continue
                    default:
                        break
                    }
                } else {
                    let (scalar, length) = decodeScalar(bytes, at: index)
                    index += length
                    if appendWordScalar(scalar, to: &word) {
                        continue
                    }
                }
                if !word.isEmpty {
                    body(word)
                    word.removeAll(keepingCapacity: true)
                }
            }
            if !word.isEmpty {
                body(word)
            }
        }
    }

    /// The normalised words of `text`, as strings (for loading phrases and for traces).
    static func words(in text: String) -> [String] {
        var words: [String] = []
        forEachWord(in: text) { words.append(String(decoding: $0, as: UTF8.self)) }
        return words
    }

    /// Appends a non-ASCII scalar that belongs to a word (lower-cased); false for a separator.
    private static func appendWordScalar(_ scalar: Unicode.Scalar, to word: inout [UInt8]) -> Bool {
        if scalar.value == 0x2019 || scalar.value == 0x02BC {
            return true
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            word.append(contentsOf: String(Character(scalar)).utf8)
            return true
        default:
            break
        }
        guard properties.isAlphabetic || properties.numericType != nil else { return false }
        word.append(contentsOf: properties.lowercaseMapping.utf8)
        return true
    }

    /// Decodes the multi-byte scalar starting at `index` of valid UTF-8 (a Swift string's).
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0xFF >> (length + 1))
        for offset in 1..<length {
            value = (value << 6) | (UInt32(bytes[index + offset]) & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }
}
