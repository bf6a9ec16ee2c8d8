import Foundation

package extension UUID {
    /// `uuidString.lowercased()` without its cost: Foundation formats the string
    /// through `snprintf` and `lowercased()` copies it again, 1.4 % of a turn's
    /// instructions (callgrind) for the ids a turn makes. Digits as `Hex` writes them.
    var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { output in
            var position = 0
            withUnsafeBytes(of: uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output[position] = Hex.digit(byte >> 4)
                    output[position + 1] = Hex.digit(byte & 0x0F)
                    position += 2
                }
            }
            return position
        }
    }
}
