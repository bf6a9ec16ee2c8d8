import Foundation

package extension UUID {
    /// A version 4 (random) UUID from ``RandomBytes``, without `UUID()`'s three system
    /// calls.
    static func random(from source: RandomBytes = .shared) -> UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            source.fill(bytes)
            bytes[6] = 0x40 | (bytes[6] & 0x0F)  // version 4
            bytes[8] = 0x80 | (bytes[8] & 0x3F)  // variant 10
        }
        return UUID(uuid: uuid)
    }
}
