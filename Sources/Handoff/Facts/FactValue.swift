/// One fact's value as rules, traces and test cases see it.
///
/// Encodes as a plain JSON value (`"phone"`, `3`, `true`, `null`).
public enum FactValue: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case boolean(Bool)
    case null
}

extension FactValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .boolean(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

extension FactValue: CustomStringConvertible {
    /// The value as an operator would write it in YAML.
    public var description: String {
        switch self {
        case .text(let value): value
        case .integer(let value): String(value)
        case .boolean(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
