/// The spelling rules for names in catalog files.
enum Identifier {
    /// App names: a lower-case letter, then lower-case letters and digits (no `_`,
    /// which separates app and type in tool names).
    static func isAppName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLower(first) else { return false }
        return text.utf8.allSatisfy { isLower($0) || isDigit($0) }
    }

    /// Swift-style type names: a letter, then letters and digits.
    static func isTypeName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) }
    }

    /// Parameter, field and rule names: a letter, then letters, digits or `_`.
    static func isMemberName(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    private static func isLetter(_ byte: UInt8) -> Bool { isLower(byte | 0x20) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
