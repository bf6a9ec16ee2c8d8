/// Parsers for the text output of `bytea` (hex format) and one-dimensional `text[]`,
/// and the `text[]` literal they read.
package enum PostgresTextFormat {
    /// `{"a","b \"c\""}`: every element quoted, so any string reads back as itself
    /// (`textArray(_:)` is its inverse). For an array inside another array's element, as
    /// a batch's `text[]` column of rule lists, cast back with `::text[]`.
    package static func textArrayLiteral(_ strings: [String]) -> String {
        var literal = "{"
        for (index, string) in strings.enumerated() {
            if index > 0 { literal += "," }
            literal += "\""
            for character in string.unicodeScalars {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.unicodeScalars.append(character)
            }
            literal += "\""
        }
        return literal + "}"
    }

    /// `\x0a1b...` into bytes.
    static func bytea(_ text: String) throws -> [UInt8] {
        var utf8 = text.utf8[...]
        guard utf8.starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "x")]) else {
            throw PostgresError.decoding("bytea is not in hex format")
        }
        utf8 = utf8.dropFirst(2)
        guard utf8.count.isMultiple(of: 2) else { throw PostgresError.decoding("bytea hex has an odd length") }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2)
        var iterator = utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let highNibble = hexValue(high), let lowNibble = hexValue(low) else {
                throw PostgresError.decoding("bytea hex has a non-hex digit")
            }
            bytes.append(highNibble << 4 | lowNibble)
        }
        return bytes
    }

    /// `{a,"b c","say \"hi\""}` into strings. A NULL element, or a nested
    /// (multi-dimensional) array, cannot be represented as `[String]` and throws.
    static func textArray(_ text: String) throws -> [String] {
        var utf8 = Substring(text).utf8
        // Arrays whose lower bound is not 1 carry a "[0:2]=" prefix.
        if utf8.first == UInt8(ascii: "["), let equals = utf8.firstIndex(of: UInt8(ascii: "=")) {
            utf8 = utf8[utf8.index(after: equals)...]
        }
        guard utf8.first == UInt8(ascii: "{"), utf8.last == UInt8(ascii: "}") else {
            throw PostgresError.decoding("not an array literal")
        }
        let body = utf8.dropFirst().dropLast()
        guard !body.isEmpty else { return [] }

        var elements: [String] = []
        var current: [UInt8] = []
        var index = body.startIndex
        while true {
            current.removeAll(keepingCapacity: true)
            if body[index] == UInt8(ascii: "\"") {
                index = body.index(after: index)
                var closed = false
                while index < body.endIndex {
                    var byte = body[index]
                    if byte == UInt8(ascii: "\"") {
                        closed = true
                        index = body.index(after: index)
                        break
                    }
                    if byte == UInt8(ascii: "\\") {
                        index = body.index(after: index)
                        guard index < body.endIndex else { break }
                        byte = body[index]
                    }
                    current.append(byte)
                    index = body.index(after: index)
                }
                guard closed else { throw PostgresError.decoding("unterminated quoted array element") }
                elements.append(String(decoding: current, as: UTF8.self))
            } else {
                let end = body[index...].firstIndex(of: UInt8(ascii: ",")) ?? body.endIndex
                let element = body[index..<end]
                if element.first == UInt8(ascii: "{") {
                    throw PostgresError.decoding("multi-dimensional arrays are not supported")
                }
                if element.elementsEqual("NULL".utf8) {
                    throw PostgresError.decoding("array contains NULL")
                }
                elements.append(String(decoding: element, as: UTF8.self))
                index = end
            }
            guard index < body.endIndex else { return elements }
            guard body[index] == UInt8(ascii: ",") else { throw PostgresError.decoding("malformed array literal") }
            index = body.index(after: index)
            guard index < body.endIndex else { throw PostgresError.decoding("malformed array literal") }
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
