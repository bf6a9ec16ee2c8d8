/// Lower-case hexadecimal, table-driven: it sits on the turn path (request
/// fingerprints, idempotency records), where `String(format:)` per byte cost
/// more than the hash it printed.
public enum Hex {
    /// Takes an array, not any sequence: a generic version called from other modules ran
    /// unspecialised, and each byte's reads through protocol witnesses allocated (heaptrack:
    /// 31 allocations for a 32-byte hash, on every turn).
    public static func encode(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { out in
            for (index, byte) in bytes.enumerated() {
                out[2 * index] = digit(byte >> 4)
                out[2 * index + 1] = digit(byte & 0x0f)
            }
            return bytes.count * 2
        }
    }

    /// Appends the digits of `bytes` to `output`.
    static func append(_ bytes: [UInt8], to output: inout [UInt8]) {
        for byte in bytes {
            output.append(digit(byte >> 4))
            output.append(digit(byte & 0x0f))
        }
    }

    static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// Nil unless `hex` is an even number of hexadecimal digits (either case).
    public static func decode(_ hex: some StringProtocol) -> [UInt8]? {
        let utf8 = Array(hex.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
