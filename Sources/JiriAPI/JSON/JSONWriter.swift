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
    private var buffer: JSONByteBuffer
    /// Whether the next key or array element needs a comma before it.
    private var needsComma = false
    private let escapesSlashes: Bool

    public init(capacity: Int = 1024, escapingSlashes: Bool = false) {
        buffer = JSONByteBuffer(capacity: capacity)
        escapesSlashes = escapingSlashes
    }

    /// The JSON written so far, as UTF-8.
    public var bytes: [UInt8] {
        buffer.withBytes { Array($0) }
    }

    /// The JSON written so far.
    public var text: String {
        buffer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Containers

    public mutating func beginObject() {
        separate()
        buffer.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        buffer.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        buffer.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        buffer.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's key, written as it is: a literal that needs no escaping (the encoders'
    /// own key names). The member's value comes next.
    public mutating func key(_ name: StaticString) {
        assert(needsNoEscaping(name), "JSONWriter.key(_: StaticString) needs a key without escapes: \(name)")
        let length = name.utf8CodeUnitCount
        let comma = needsComma
        buffer.write(reserving: length + 4) { start in
            var cursor = start
            if comma {
                cursor.pointee = UInt8(ascii: ",")
                cursor += 1
            }
            cursor.pointee = UInt8(ascii: "\"")
            (cursor + 1).initialize(from: name.utf8Start, count: length)
            cursor += 1 + length
            cursor[0] = UInt8(ascii: "\"")
            cursor[1] = UInt8(ascii: ":")
            return cursor + 2 - start
        }
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
        name.quoted.withUnsafeBufferPointer { buffer.append($0) }
        needsComma = false
    }

    /// A member's key from data (a dictionary key), escaped. The member's value comes next.
    /// Not an overload of ``key(_:)``: a string literal would pick the `String` one.
    public mutating func key(escaping name: String) {
        separate()
        appendQuoted(name)
        buffer.append(UInt8(ascii: ":"))
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
        text.withUTF8 { buffer.append($0) }
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
        var text = text
        text.withUTF8 { buffer.append($0) }
        needsComma = true
    }

    // MARK: Bytes

    private mutating func appendLiteral(_ literal: StaticString) {
        buffer.append(literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
    }

    /// `value` in quotes, escaped. Eight bytes are checked at a time, the last few padded
    /// with spaces (which need no escape) to a whole word. A string with nothing to escape (nearly
    /// every one) is copied whole with its quotes; otherwise runs of bytes that need no escape
    /// are copied whole, and only a word that may hold an escape is looked at byte by byte.
    private mutating func appendQuoted(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return appendLiteral("\"\"") }
            let count = utf8.count
            guard let firstSuspect = firstWordThatMayNeedEscape(base, count: count) else {
                buffer.write(reserving: count + 2) { start in
                    start[0] = UInt8(ascii: "\"")
                    (start + 1).initialize(from: base, count: count)
                    start[count + 1] = UInt8(ascii: "\"")
                    return count + 2
                }
                return
            }
            buffer.append(UInt8(ascii: "\""))
            var runStart = 0
            var index = firstSuspect
            while index < count {
                let width = min(8, count - index)
                if !mayNeedEscape(Self.word(at: base + index, width: width)) {
                    index += width
                    continue
                }
                for position in index..<(index + width) where needsEscape(base[position]) {
                    buffer.append(base + runStart, count: position - runStart)
                    appendEscape(base[position])
                    runStart = position + 1
                }
                index += width
            }
            buffer.append(base + runStart, count: count - runStart)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// The offset of the first word of the `count` bytes at `base` that may hold a byte to
    /// escape; nil when none can. The last few bytes, short of a word, are looked at one by one.
    private func firstWordThatMayNeedEscape(_ base: UnsafePointer<UInt8>, count: Int) -> Int? {
        var index = 0
        while count - index >= 8 {
            if mayNeedEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) { return index }
            index += 8
        }
        for position in index..<count where needsEscape(base[position]) {
            return index
        }
        return nil
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
            buffer.append(Self.hexDigit(byte >> 4))
            buffer.append(Self.hexDigit(byte & 0xF))
            return
        }
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(escaped)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// The decimal digits of `value`, written straight into the buffer.
    private mutating func appendDecimal(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits = 0
        var rest = magnitude
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        buffer.write(reserving: digits) { start in
            var position = digits
            while magnitude > 0 {
                position -= 1
                start[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            return digits
        }
    }
}
