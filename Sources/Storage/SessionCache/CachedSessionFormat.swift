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
        for field in [session.id, session.owner, session.client, String(micros), String(session.turnCount), session.stateJSON] {
            out.append(contentsOf: String(field.utf8.count).utf8)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: field.utf8)
        }
        return out
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
