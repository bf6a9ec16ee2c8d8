import Foundation

/// How a session is cached in Redis: its fields as length-prefixed byte
/// strings (`<byte count>:<bytes>`), after a version tag. The dialogue state
/// is itself JSON; wrapping it in a JSON envelope escaped every quote of it and
/// cost a tenth of a turn's instructions to decode again.
///
///     s1|<id>|<owner>|<client>|<created_at µs since 1970>|<turn count>|<state JSON>   (each field as "<count>:<bytes>")
///
/// Anything else in the key (a value from an older release, a damaged one) is
/// a cache miss: the session is read from Postgres instead.
enum CachedSessionFormat {
    private static let tag = Array("s1|".utf8)

    static func encode(_ session: SessionRecord) -> [UInt8] {
        let micros = Int64((session.createdAt.timeIntervalSince1970 * 1_000_000).rounded())
        var out = tag
        out.reserveCapacity(64 + session.id.utf8.count + session.owner.utf8.count + session.stateJSON.utf8.count)
        appendField(session.id, to: &out)
        appendField(session.owner, to: &out)
        appendField(session.client, to: &out)
        withDecimal(micros) { appendField($0, to: &out) }
        withDecimal(Int64(session.turnCount)) { appendField($0, to: &out) }
        appendField(session.stateJSON, to: &out)
        return out
    }

    private static func appendField(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendField($0, to: &out) }
    }

    private static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        withDecimal(Int64(bytes.count)) { out.append(contentsOf: $0) }
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: bytes)
    }

    /// `String(value)`'s bytes, without making that string (about 200 instructions each).
    private static func withDecimal<Result>(_ value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Int64.min is 19 digits and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var position = buffer.count
            var rest = value.magnitude
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[position...]))
        }
    }

    static func decode(_ bytes: [UInt8]) -> SessionRecord? {
        guard bytes.starts(with: tag) else { return nil }
        var index = tag.count
        var fields: [String] = []
        fields.reserveCapacity(6)
        while fields.count < 6 {
            var count = 0
            var digits = 0
            while index < bytes.count, let digit = Self.digit(bytes[index]), digits < 10 {
                count = count * 10 + digit
                digits += 1
                index += 1
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":"), count <= bytes.count - index - 1 else { return nil }
            index += 1
            fields.append(String(decoding: bytes[index..<(index + count)], as: UTF8.self))
            index += count
        }
        guard index == bytes.count, let micros = Int64(fields[3]), let turnCount = Int(fields[4]) else { return nil }
        return SessionRecord(
            id: fields[0], owner: fields[1], client: fields[2],
            createdAt: Date(timeIntervalSince1970: Double(micros) / 1_000_000),
            turnCount: turnCount, stateJSON: fields[5]
        )
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
