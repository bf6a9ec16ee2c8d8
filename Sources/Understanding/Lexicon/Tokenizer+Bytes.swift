/// How the tokenizer reads bytes: where words start and end, what punctuation between them
/// says, and which words are written the way code is named.
extension Tokenizer {
    /// What the punctuation at `index` says about the next word: a clause starts
    /// after `,` `;` `.` `?` `!`, and content after `:` or a dash.
    static func breakFlags(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> TokenFlags {
        switch text[index] {
        case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"):
            return .clauseStart
        case UInt8(ascii: "-") where index + 1 < text.count && isLetterOrDigit(text[index + 1]):
            // "swift build -c release": a command's flag, not a dash.
            return []
        case UInt8(ascii: "(") where index == 0 || text[index - 1] == UInt8(ascii: " "):
            // "(the full suite, not the smoke tests)": an aside, like one set off by commas;
            // "foo()" in dictated code is not one.
            return .clauseStart
        case UInt8(ascii: ")") where index > 0 && text[index - 1] != UInt8(ascii: "(")
            && (index + 1 == text.count || !isLetterOrDigit(text[index + 1])):
            return .clauseStart
        case UInt8(ascii: ":"), UInt8(ascii: "-"):
            return [.clauseStart, .afterColon]
        case 0xE2 where index + 2 < text.count && text[index + 1] == 0x80
            && (text[index + 2] == 0x93 || text[index + 2] == 0x94):
            return [.clauseStart, .afterColon]
        default:
            return []
        }
    }

    /// The length of the word starting at `index`, or nil when no word starts there.
    static func wordLength(_ text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard isWordStart(text, index) else { return nil }
        var end = index
        while end < text.count {
            let byte = text[end]
            if isLetterOrDigit(byte) || byte >= 0x80 && byte != 0xE2 {
                end += 1
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") {
                // Inside a word only: "o'clock", "jiri-server".
                guard end + 1 < text.count, isLetterOrDigit(text[end + 1]) || text[end + 1] >= 0x80 else { break }
                end += 1
            } else if byte == 0xE2, end + 3 < text.count, text[end + 1] == 0x80,
                      text[end + 2] == 0x99 || text[end + 2] == 0x98, isLetterOrDigit(text[end + 3]) {
                end += 3
            } else if byte == 0xE2 {
                // Other punctuation in the U+2000 block (dashes, quotes) ends the word.
                guard end + 2 < text.count, text[end + 1] != 0x80 else { break }
                end += 1
            } else if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "."), end > index, isDigit(text[end - 1]),
                      end + 1 < text.count, isDigit(text[end + 1]) {
                end += 1
            } else if byte == UInt8(ascii: "."), end > index, isLetterOrDigit(text[end - 1]), Self.dottedPartLength(text, after: end) >= 2 {
                // A dotted name: "web.v2", "node.js" (but "p.m." and "e.g." stay letters).
                end += 1
            } else {
                break
            }
        }
        return end > index ? end - index : nil
    }

    /// How many letters and digits follow the full stop at `dot`, up to the next other byte.
    static func dottedPartLength(_ text: UnsafeBufferPointer<UInt8>, after dot: Int) -> Int {
        var end = dot + 1
        while end < text.count, isLetterOrDigit(text[end]) { end += 1 }
        return end - dot - 1
    }

    /// A word written as a name: capitalised, except as the utterance's first word (every
    /// sentence starts with a capital), or written the way code is named.
    static func isWrittenAsName(_ word: UnsafeBufferPointer<UInt8>, first: Bool) -> Bool {
        !first && word[0] >= UInt8(ascii: "A") && word[0] <= UInt8(ascii: "Z") || isWrittenAsIdentifier(word)
    }

    /// "billing-service", "URLSession", "billingV2": a word written the way people name code,
    /// which is as plainly a name as a capitalised word ("git status billing-service"). A
    /// hyphenated pair of known words ("jiri-server", "follow-up") was read as its parts before this is asked.
    static func isWrittenAsIdentifier(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count > 2 else { return false }
        for index in 1..<(word.count - 1) where word[index] == UInt8(ascii: "-")
            || word[index] == UInt8(ascii: ".") && isLetter(word[index + 1]) {
            return true
        }
        for index in 1..<word.count where (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(word[index - 1])
            && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(word[index]) {
            return true
        }
        return false
    }

    static func isWordStart(_ text: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let byte = text[index]
        if isLetterOrDigit(byte) { return true }
        // U+2000..U+206F is punctuation (dashes, quotes); continuation bytes never start a word.
        if byte == 0xE2 { return index + 1 < text.count && text[index + 1] != 0x80 && text[index + 1] != 0x81 }
        return byte >= 0xC0
    }

    /// Bytes in the UTF-8 sequence a lead byte starts (1 for anything else).
    static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        default: 1
        }
    }

    /// After a lone "a" or "p" ending at `end`, how many bytes make it "am" or "pm": ".m" or ".m."
    /// (3), or " m" after a number (2); nil when none do.
    static func meridiemSuffixLength(_ text: UnsafeBufferPointer<UInt8>, at end: Int, afterNumber: Bool) -> Int? {
        guard end + 1 < text.count, text[end + 1] | 0x20 == UInt8(ascii: "m") else { return nil }
        guard end + 2 == text.count || !isWordByte(text[end + 2]) else { return nil }
        switch text[end] {
        case UInt8(ascii: "."): return end + 2 < text.count && text[end + 2] == UInt8(ascii: ".") ? 3 : 2
        case UInt8(ascii: " ") where afterNumber: return 2
        default: return nil
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-") || byte >= 0x80
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= 0x61 && lower <= 0x7A
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
