import Foundation
import Storage

/// Ids for turns the client did not name: UUIDv7 (RFC 9562), whose first 48 bits are the
/// Unix time in milliseconds, so ids made later sort later.
///
/// A turn's id is the primary key of `turns`. Random (v4) ids land on a random leaf of
/// that B-tree, so once the table outgrows memory every turn touches pages no other turn
/// touched, and after each checkpoint Postgres writes each such page whole into the WAL:
/// in pgbench, a random text key cost 820–940 bytes of WAL per insert into a million-row
/// table, a time-ordered one 240 bytes (`make bench`, README).
enum TurnIdentifier {
    static func generate(now: Date) -> String {
        var generator = SystemRandomNumberGenerator()
        return make(milliseconds: UInt64(max(0, now.timeIntervalSince1970 * 1000)), random: &generator)
    }

    static func make(milliseconds: UInt64, random: inout some RandomNumberGenerator) -> String {
        var bytes = (0..<6).map { UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64($0))) }
        bytes += (0..<10).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)  // version 7
        bytes[8] = 0x80 | (bytes[8] & 0x3F)  // variant 10
        let uuid = UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
        ))
        return uuid.lowercasedString
    }
}
