import Foundation

package extension UUID {
    /// A version 4 (random) UUID from ``RandomBytes``, without `UUID()`'s three system
    /// calls.
    static func random(from source: RandomBytes = .shared) -> UUID {
        make(version: 4, leading: 0, from: source) { _ in }
    }

    /// A version 7 UUID (RFC 9562): the Unix time in milliseconds in its first 48 bits,
    /// so later ones sort later; the rest from ``RandomBytes``.
    static func version7(milliseconds: UInt64, from source: RandomBytes = .shared) -> UUID {
        make(version: 7, leading: 6, from: source) { bytes in
            for index in 0..<6 {
                bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (40 - 8 * UInt64(index)))
            }
        }
    }

    /// `leading` bytes written by `writeLeading`, the rest random, then the version and
    /// the RFC variant (`10`) set.
    private static func make(
        version: UInt8, leading: Int, from source: RandomBytes, _ writeLeading: (UnsafeMutableRawBufferPointer) -> Void
    ) -> UUID {
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            writeLeading(bytes)
            source.fill(UnsafeMutableRawBufferPointer(rebasing: bytes[leading...]))
            bytes[6] = version << 4 | (bytes[6] & 0x0F)
            bytes[8] = 0x80 | (bytes[8] & 0x3F)
        }
        return UUID(uuid: uuid)
    }
}
