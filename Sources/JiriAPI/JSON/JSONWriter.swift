/// Writes compact JSON text into a byte buffer, for hand-written encoders on hot paths where
/// `JSONEncoder`'s generic machinery costs far more than the bytes.
///
/// The writer places the commas: call `beginObject()`, then `key(_:)` and a value per member,
/// then `endObject()`; arrays likewise, without keys. Strings are escaped as RFC 8259 requires
/// and no more: `"`, `\` and the control characters below U+0020 (`\n`, `\r`, `\t`, `\b`, `\f`,
/// else `\u00XX`); everything else, `/` and non-ASCII included, is written as its UTF-8. With
/// `escapingSlashes`, `/` is written `\/` too, as Foundation's `JSONEncoder` does by default.
///
///     var writer = JSONWriter()
///     writer.beginObject()
///     writer.key("name"); writer.string("Jiri")
///     writer.key("tags"); writer.beginArray(); writer.integer(1); writer.endArray()
///     writer.endObject()
///     writer.text // {"name":"Jiri","tags":[1]}
public struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8.
    public private(set) var bytes: [UInt8]
    /// Whether the next key or array element needs a comma before it.
    private var needsComma = false
    private let escapesSlashes: Bool

    public init(capacity: Int = 1024, escapingSlashes: Bool = false) {
        bytes = []
        bytes.reserveCapacity(capacity)
        escapesSlashes = escapingSlashes
    }

    /// The JSON written so far.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key, written as it is: a literal that needs no escaping (the encoders'
    /// own key names). The member's value comes next.
    public mutating func key(_ name: StaticString) {
        assert(needsNoEscaping(name), "JSONWriter.key(_: StaticString) needs a key without escapes: \(name)")
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendLiteral(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member name known only at run time but written again and again (the names of a
    /// fixed set of facts, say): quoted and escaped once, then copied as it is.
    public struct Key: Sendable {
        fileprivate let quoted: [UInt8]

        public init(_ name: String) {
            var writer = JSONWriter(capacity: name.utf8.count + 3)
            writer.key(escaping: name)
            quoted = writer.bytes
        }
    }

    /// A member's key escaped beforehand. The member's value comes next.
    public mutating func key(_ name: Key) {
        separate()
        bytes.append(contentsOf: name.quoted)
        needsComma = false
    }

    /// A member's key from data (a dictionary key), escaped. The member's value comes next.
    /// Not an overload of ``key(_:)``: a string literal would pick the `String` one.
    public mutating func key(escaping name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// The string, or `null` when there is none.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    public mutating func integer(_ value: Int) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    /// A number as Foundation's `JSONEncoder` writes a `Double`: the shortest form that reads
    /// back as the same value, without a trailing `.0` (`30`, `0.1`, `1e+300`). JSON has no
    /// NaN or infinity: those are written as `null`.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        separate()
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        appendLiteral(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        appendLiteral("null")
        needsComma = true
    }

    /// A value that is already JSON text, copied as it is. The caller vouches for it
    /// (text its own encoder wrote); nothing here checks it.
    public mutating func json(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    // MARK: Bytes

    private mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `value` in quotes, escaped. Eight bytes are checked at a time, the last few padded
    /// with spaces (which need no escape) to a whole word; runs of bytes that need no escape
    /// are copied whole, and only a word that may hold an escape is looked at byte by byte.
    private mutating func appendQuoted(_ value: String) {
        var value = value
        bytes.append(UInt8(ascii: "\""))
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let width = min(8, utf8.count - index)
                if !mayNeedEscape(Self.word(at: base + index, width: width)) {
                    index += width
                    continue
                }
                for position in index..<(index + width) where needsEscape(base[position]) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
                    appendEscape(base[position])
                    runStart = position + 1
                }
                index += width
            }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: utf8.count - runStart))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `width` (1...8) bytes at `address` as one word, padded with spaces.
    private static func word(at address: UnsafePointer<UInt8>, width: Int) -> UInt64 {
        if width == 8 { return UnsafeRawPointer(address).loadUnaligned(as: UInt64.self) }
        var word: UInt64 = 0x2020_2020_2020_2020
        withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: address, byteCount: width) }
        return word
    }

    private func needsEscape(_ byte: UInt8) -> Bool {
        Self.needsEscape(byte) || (escapesSlashes && byte == UInt8(ascii: "/"))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes in `word` may need an escape (never false when one
    /// does): a byte below 0x20, or a zero byte after XOR with `"`, `\` (or `/`) in every byte.
    private func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ limit: UInt64, _ word: UInt64) -> Bool {
            (word &- ones &* limit) & ~word & highBits != 0
        }
        func hasByte(_ byte: UInt8) -> Bool {
            hasByteBelow(1, word ^ (ones &* UInt64(byte)))
        }
        return hasByteBelow(0x20, word) || hasByte(UInt8(ascii: "\"")) || hasByte(UInt8(ascii: "\\"))
            || (escapesSlashes && hasByte(UInt8(ascii: "/")))
    }

    /// Slashes included when this writer escapes them.
    private func needsNoEscaping(_ name: StaticString) -> Bool {
        !UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount).contains(where: needsEscape)
    }

    private mutating func appendEscape(_ byte: UInt8) {
        let escaped: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped = byte
        case 0x0A: escaped = UInt8(ascii: "n")
        case 0x0D: escaped = UInt8(ascii: "r")
        case 0x09: escaped = UInt8(ascii: "t")
        case 0x08: escaped = UInt8(ascii: "b")
        case 0x0C: escaped = UInt8(ascii: "f")
        default:
            appendLiteral("\\u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
            return
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(escaped)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The decimal digits of `value`, written straight into the buffer.
    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits = 0
        var rest = magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var position = end
            while magnitude > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
        }
    }
}
