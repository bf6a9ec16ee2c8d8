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
        make(milliseconds: UInt64(max(0, now.timeIntervalSince1970 * 1000)))
    }

    static func make(milliseconds: UInt64) -> String {
        UUID.version7(milliseconds: milliseconds).lowercasedString
    }
}
