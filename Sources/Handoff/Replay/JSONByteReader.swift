/// A cursor over JSON text's UTF-8 bytes: the few reads `FactsJSONDecoder` needs, each
/// checking the grammar as strictly as a JSON parser does.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 at the end (never valid JSON there).
    func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    func error(_ message: String) -> FactsJSONError {
        FactsJSONError(offset: index, message: message)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    mutating func expect(_ byte: UInt8) throws(FactsJSONError) {
        guard consume(byte) else {
            throw error(isAtEnd ? "unexpected end, expected '\(Character(Unicode.Scalar(byte)))'"
                                : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(FactsJSONError) {
        let start = index
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length,
              UnsafeBufferPointer(start: literal.utf8Start, count: length)
                .elementsEqual(UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
        else {
            throw FactsJSONError(offset: start, message: "invalid literal, expected \(literal)")
        }
        index += length
    }

    // MARK: Strings

    /// At an opening quote: the string's bytes when it has no escapes (consumed, quotes
    /// included); nil, with nothing consumed, when it has escapes.
    mutating func readRawString() throws(FactsJSONError) -> UnsafeBufferPointer<UInt8>? {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return raw
            case UInt8(ascii: "\\"):
                index = start - 1
                return nil
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
        throw error("unterminated string")
    }

    /// At an opening quote: the string, escapes resolved.
    mutating func readString() throws(FactsJSONError) -> String {
        if let raw = try readRawString() {
            return String(decoding: raw, as: UTF8.self)
        }
        return try readEscapedString()
    }

    /// At an opening quote of a string that may contain escapes.
    mutating func readEscapedString() throws(FactsJSONError) -> String {
        try expect(UInt8(ascii: "\""))
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case 0..<0x20:
                throw error("control character in a string")
            default:
                utf8.append(byte)
            }
        }
        throw error("unterminated string")
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws(FactsJSONError) {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            let scalar = try readUnicodeEscape()
            utf8.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw error("invalid escape")
        }
    }

    /// After `\u`: one scalar, joining a surrogate pair; a lone surrogate becomes U+FFFD.
    private mutating func readUnicodeEscape() throws(FactsJSONError) -> Unicode.Scalar {
        let first = try readHex4()
        switch first {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return Unicode.Scalar.replacement }
            let resume = index
            index += 2
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                index = resume
                return Unicode.Scalar.replacement
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? .replacement
        case 0xDC00...0xDFFF:
            return Unicode.Scalar.replacement
        default:
            return Unicode.Scalar(first) ?? .replacement
        }
    }

    private mutating func readHex4() throws(FactsJSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// What a JSON number holds, as far as integer facts care.
    enum Number: Equatable {
        case integer(Int)
        /// Written with a fraction or an exponent: whole when it has an exact `Int` value, as
        /// `JSONDecoder` reads `1e2` or `100.0` as 100.
        case written(whole: Int?)
        case outOfRange
    }

    /// Reads a JSON number.
    mutating func readNumber() throws(FactsJSONError) -> Number {
        let start = index
        let negative = consume(UInt8(ascii: "-"))
        var magnitude: UInt64 = 0
        var overflow = false
        let digits = readDigits { digit in
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(UInt64(digit))
            overflow = overflow || o1 || o2
            magnitude = sum
        }
        guard digits > 0 else { throw FactsJSONError(offset: start, message: "invalid number") }
        guard digits == 1 || bytes[index - digits] != UInt8(ascii: "0") else {
            throw FactsJSONError(offset: start, message: "invalid number: leading zero")
        }
        var whole = true
        if consume(UInt8(ascii: ".")) {
            whole = false
            guard readDigits({ _ in }) > 0 else { throw FactsJSONError(offset: start, message: "invalid fraction") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            whole = false
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard readDigits({ _ in }) > 0 else { throw FactsJSONError(offset: start, message: "invalid exponent") }
        }
        guard whole else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            return .written(whole: Double(text).flatMap { Int(exactly: $0) })
        }
        let limit = negative ? UInt64(Int.max) + 1 : UInt64(Int.max)
        guard !overflow, magnitude <= limit else { return .outOfRange }
        return .integer(negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude))
    }

    /// Consumes a run of decimal digits, passing each one's value; how many there were.
    private mutating func readDigits(_ body: (UInt8) -> Void) -> Int {
        let start = index
        while index < bytes.count, case UInt8(ascii: "0")...UInt8(ascii: "9") = bytes[index] {
            body(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index - start
    }

    // MARK: Skipping

    /// Consumes any JSON value (for keys that are no fact).
    mutating func skipValue(depth: Int = 0) throws(FactsJSONError) {
        guard depth < 64 else { throw error("nested too deeply") }
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        case UInt8(ascii: "["):
            try skipContainer(closing: UInt8(ascii: "]"), depth: depth) { reader throws(FactsJSONError) in
                try reader.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "{"):
            try skipContainer(closing: UInt8(ascii: "}"), depth: depth) { reader throws(FactsJSONError) in
                _ = try reader.readString()
                reader.skipWhitespace()
                try reader.expect(UInt8(ascii: ":"))
                reader.skipWhitespace()
                try reader.skipValue(depth: depth + 1)
            }
        default:
            throw error(isAtEnd ? "unexpected end, expected a value" : "expected a value")
        }
    }

    private mutating func skipContainer(
        closing: UInt8, depth: Int, element: (inout JSONByteReader) throws(FactsJSONError) -> Void
    ) throws(FactsJSONError) {
        index += 1
        skipWhitespace()
        if consume(closing) { return }
        repeat {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        try expect(closing)
    }
}

extension Unicode.Scalar {
    static let replacement = Unicode.Scalar(0xFFFD)!
}
