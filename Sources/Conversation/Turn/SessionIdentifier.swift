import Foundation
import Storage

/// Session ids are chosen by clients: a UUID or `[A-Za-z0-9_-]{1,64}`.
public enum SessionIdentifier {
    public static func isValid(_ id: String) -> Bool {
        let utf8 = id.utf8
        guard (1...64).contains(utf8.count) else { return false }
        return utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    public static func generate() -> String {
        UUID.random().lowercasedString
    }
}
