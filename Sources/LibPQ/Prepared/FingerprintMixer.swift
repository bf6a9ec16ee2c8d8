/// A multiply-and-shift mix of bytes into 64 bits, eight at a time: the few hundred
/// bytes that key a prepared statement cost a fraction of what `Hasher` took for them
/// (its 28 bind types went in one `combine` each). Not for keys an attacker chooses:
/// the statements are the code's own.
struct FingerprintMixer {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3

    mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    mutating func mix(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail = UInt64(bytes.count)
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        mix(tail)
    }
}
