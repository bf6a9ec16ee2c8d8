import Foundation

package extension UUID {
    /// `uuidString.lowercased()` without its cost: Foundation formats the string
    /// with `snprintf` and `lowercased()` copies it again, together about 3 % of
    /// a turn's instructions for the two or three ids a turn makes.
    var lowercasedString: String {
        String(unsafeUninitializedCapacity: 36) { output in
            let digits: StaticString = "0123456789abcdef"
            var position = 0
            withUnsafeBytes(of: uuid) { bytes in
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output[position] = digits.utf8Start[Int(byte >> 4)]
                    output[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
            }
            return position
        }
    }
}
