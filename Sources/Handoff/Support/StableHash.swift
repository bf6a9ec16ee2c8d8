/// A hash that is the same in every process and release (unlike `Hasher`, which is seeded
/// per process): phrase lookup tables and sticky rollouts depend on it.
enum StableHash {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Continues an FNV-1a hash over `bytes`.
    static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Spreads an FNV result over all 64 bits (the SplitMix64 finaliser), so that taking it
    /// modulo a small number gives evenly sized buckets.
    static func finalize(_ hash: UInt64) -> UInt64 {
        var value = hash
        value = (value ^ (value >> 30)) &* 0xbf58_476d_1ce4_e5b9
        value = (value ^ (value >> 27)) &* 0x94d0_49bb_1331_11eb
        return value ^ (value >> 31)
    }
}
