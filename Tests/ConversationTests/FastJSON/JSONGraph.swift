import Foundation

/// JSON text compared as the object graph `JSONSerialization` reads, and rewritten in the
/// other forms a JSON writer may use, for the readers' tests.
enum JSONGraph {
    static func object(_ json: some DataProtocol) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(json), options: .fragmentsAllowed) as! NSObject
    }

    /// Whether the two texts hold the same JSON values (member order aside).
    static func same(_ first: String, _ second: Data) throws -> Bool {
        try object(Data(first.utf8)).isEqual(try object(second))
    }

    /// `json` rewritten: members in a shuffled order, indented, every `/` as `\/`, non-ASCII
    /// as `\u` escapes (surrogate pairs beyond the BMP), some ASCII letters escaped too.
    static func reformatted(_ json: String, using generator: inout SeededGenerator) throws -> String {
        var out = ""
        write(try object(Data(json.utf8)), indent: "", into: &out, using: &generator)
        return out
    }

    private static func write(_ value: Any, indent: String, into out: inout String, using generator: inout SeededGenerator) {
        let inner = indent + "  "
        switch value {
        case let object as [String: Any]:
            out += "{\n"
            for (index, key) in object.keys.shuffled(using: &generator).enumerated() {
                out += (index > 0 ? ",\n" : "") + inner + escaped(key, using: &generator) + " :  "
                write(object[key]!, indent: inner, into: &out, using: &generator)
            }
            out += "\n" + indent + "}"
        case let array as [Any]:
            out += "[ "
            for (index, element) in array.enumerated() {
                out += (index > 0 ? " ,\r\n" + inner : "")
                write(element, indent: inner, into: &out, using: &generator)
            }
            out += "\t]"
        case let string as String:
            out += escaped(string, using: &generator)
        case is NSNull:
            out += "null"
        case let number as NSNumber:
            // JSONSerialization's booleans are the NSNumbers of type `c`.
            if String(cString: number.objCType) == "c" {
                out += number.boolValue ? "true" : "false"
            } else {
                out += number.stringValue
            }
        default:
            fatalError("not a JSON value: \(value)")
        }
    }

    private static func escaped(_ string: String, using generator: inout SeededGenerator) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x2F: out += "\\/"
            case 0x0A: out += "\\n"
            case 0x00..<0x20, 0x7F...0xFFFF: out += String(format: "\\u%04X", scalar.value)
            case 0x10000...:
                let offset = scalar.value - 0x10000
                out += String(format: "\\u%04x\\u%04x", 0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
            default:
                out += Bool.random(using: &generator) ? String(format: "\\u%04x", scalar.value) : String(scalar)
            }
        }
        return out + "\""
    }
}
