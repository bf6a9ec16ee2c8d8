/// A cursor over JSON text's UTF-8 bytes for hand-written decoders: each read checks the
/// grammar as strictly as a JSON parser does, and a decoder walks the text once, setting its
/// fields as it goes instead of building containers.
///
/// `Failure` is the decoder's own error type (it only needs an offset and a message), so a
/// decoder's errors keep their type without wrapping. The methods are inlinable: decoders in
/// other modules get them specialised and inlined, as if the cursor were their own.
public struct JSONByteReader<Failure: JSONSyntaxFailure> {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    public var index: Int
    /// Whether a `\u` escape of half a surrogate pair is an error, as it is for Foundation's
    /// `JSONDecoder`, instead of U+FFFD.
    public let rejectsLoneSurrogates: Bool

    @inlinable
    public init(bytes: UnsafeBufferPointer<UInt8>, rejectingLoneSurrogates: Bool = false) {
        self.bytes = bytes
        self.index = 0
        self.rejectsLoneSurrogates = rejectingLoneSurrogates
    }

    @inlinable
    public var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, or 0 at the end (never valid JSON there).
    @inlinable
    public func peek() -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// An error at the current offset.
    @inlinable
    public func error(_ message: String) -> Failure {
        Failure(offset: index, message: message)
    }

    @inlinable
    public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` when it is next.
    @inlinable
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    @inlinable
    public mutating func expect(_ byte: UInt8) throws(Failure) {
        guard consume(byte) else {
            throw error(isAtEnd ? "unexpected end, expected '\(Character(Unicode.Scalar(byte)))'"
                                : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    @inlinable
    public mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let start = index
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length,
              sameBytes(literal.utf8Start, bytes.baseAddress.map { $0 + index }, count: length)
        else {
            throw Failure(offset: start, message: "invalid literal, expected \(literal)")
        }
        index += length
    }

    /// Whitespace, then the end of the text.
    @inlinable
    public mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        guard isAtEnd else { throw error("unexpected text after the value") }
    }

    // MARK: Strings

    /// At an opening quote: the string's bytes when it has no escapes (consumed, quotes
    /// included); nil, with nothing consumed, when it has escapes.
    @inlinable
    public mutating func readRawString() throws(Failure) -> UnsafeBufferPointer<UInt8>? {
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
    @inlinable
    public mutating func readString() throws(Failure) -> String {
        if let raw = try readRawString() {
            return String(decoding: raw, as: UTF8.self)
        }
        return try readEscapedString()
    }

    /// At an opening quote of a string that may contain escapes.
    @inlinable
    public mutating func readEscapedString() throws(Failure) -> String {
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

    @inlinable
    mutating func readEscape(into utf8: inout [UInt8]) throws(Failure) {
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

    /// After `\u`: one scalar, joining a surrogate pair; a lone surrogate becomes U+FFFD
    /// unless `rejectsLoneSurrogates`.
    @inlinable
    mutating func readUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try readHex4()
        switch first {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return try loneSurrogate() }
            let resume = index
            index += 2
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else {
                index = resume
                return try loneSurrogate()
            }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? Self.replacement
        case 0xDC00...0xDFFF:
            return try loneSurrogate()
        default:
            return Unicode.Scalar(first) ?? Self.replacement
        }
    }

    @inlinable
    func loneSurrogate() throws(Failure) -> Unicode.Scalar {
        guard !rejectsLoneSurrogates else { throw error("lone surrogate in a \\u escape") }
        return Self.replacement
    }

    @inlinable
    static var replacement: Unicode.Scalar { "\u{FFFD}" }

    @inlinable
    mutating func readHex4() throws(Failure) -> UInt32 {
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

    /// What a JSON number holds, as far as integer fields care.
    public enum Number: Equatable {
        case integer(Int)
        /// Written with a fraction or an exponent: whole when it has an exact `Int` value, as
        /// `JSONDecoder` reads `1e2` or `100.0` as 100.
        case written(whole: Int?)
        case outOfRange
    }

    /// Reads a JSON number.
    @inlinable
    public mutating func readNumber() throws(Failure) -> Number {
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
        guard digits > 0 else { throw Failure(offset: start, message: "invalid number") }
        guard digits == 1 || bytes[index - digits] != UInt8(ascii: "0") else {
            throw Failure(offset: start, message: "invalid number: leading zero")
        }
        var whole = true
        if consume(UInt8(ascii: ".")) {
            whole = false
            guard readDigits({ _ in }) > 0 else { throw Failure(offset: start, message: "invalid fraction") }
        }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            whole = false
            _ = consume(UInt8(ascii: "+")) || consume(UInt8(ascii: "-"))
            guard readDigits({ _ in }) > 0 else { throw Failure(offset: start, message: "invalid exponent") }
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
    @inlinable
    mutating func readDigits(_ body: (UInt8) -> Void) -> Int {
        let start = index
        while index < bytes.count, case UInt8(ascii: "0")...UInt8(ascii: "9") = bytes[index] {
            body(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index - start
    }

    // MARK: Containers

    /// At an opening brace: reads the object's members, calling `member` at each value with
    /// the member's key as UTF-8 (escapes resolved), then consumes the closing brace.
    /// `member` must consume the value (or `skipValue()` it).
    @inlinable
    public mutating func readObject(
        _ member: (inout Self, _ key: UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            skipWhitespace()
            if let key = try readRawString() {
                try readMemberValue(key: key, member)
            } else {
                // `withUTF8` rethrows untyped: the member's error comes out as a `Result`.
                var key = try readEscapedString()
                try key.withUTF8 { key in
                    Result { () throws(Failure) in try readMemberValue(key: key, member) }
                }.get()
            }
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    @inlinable
    mutating func readMemberValue(
        key: UnsafeBufferPointer<UInt8>,
        _ member: (inout Self, _ key: UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        try member(&self, key)
    }

    /// At an opening bracket: reads the array, calling `element` at each element (which it
    /// must consume), then consumes the closing bracket.
    @inlinable
    public mutating func readArray(_ element: (inout Self) throws(Failure) -> Void) throws(Failure) {
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    // MARK: Skipping

    /// Consumes any JSON value (for keys a decoder does not know).
    @inlinable
    public mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < 64 else { throw error("nested too deeply") }
        switch peek() {
        case UInt8(ascii: "\""):
            if try readRawString() == nil { _ = try readEscapedString() }
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        case UInt8(ascii: "["):
            try readArray { reader throws(Failure) in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "{"):
            try readObject { reader, _ throws(Failure) in try reader.skipValue(depth: depth + 1) }
        default:
            throw error(isAtEnd ? "unexpected end, expected a value" : "expected a value")
        }
    }
}

/// What a `JSONByteReader` throws: a decoder's error type, made from where and what.
public protocol JSONSyntaxFailure: Error {
    init(offset: Int, message: String)
}

/// Why JSON text could not be read, and where: `JSONByteReader`'s error for decoders that
/// need no error type of their own.
public struct JSONSyntaxError: JSONSyntaxFailure, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "JSON at byte \(offset): \(message)" }
}
