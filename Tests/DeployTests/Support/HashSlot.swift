/// Redis Cluster's key-to-slot mapping: CRC16 (XMODEM: polynomial 0x1021,
/// initial value 0) of the key's hash tag, or of the whole key when it has
/// none, modulo 16384.
enum HashSlot {
    static let count = 16384

    static func of(_ key: [UInt8]) -> Int {
        Int(crc16(hashTag(key) ?? key[...])) % count
    }

    static func of(_ key: String) -> Int {
        of(Array(key.utf8))
    }

    /// The bytes between the first `{` and the first `}` after it, when there
    /// are any (`{}` is no tag: the whole key is hashed).
    static func hashTag(_ key: [UInt8]) -> ArraySlice<UInt8>? {
        guard let open = key.firstIndex(of: UInt8(ascii: "{")),
              let close = key[(open + 1)...].firstIndex(of: UInt8(ascii: "}")),
              close > open + 1
        else { return nil }
        return key[(open + 1)..<close]
    }

    static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 {
                crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1
            }
        }
        return crc
    }
}
