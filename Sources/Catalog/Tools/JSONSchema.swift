/// The subset of JSON Schema used to describe tool parameters.
public struct JSONSchema: Codable, Sendable, Hashable {
    public var type: String
    public var description: String?
    public var format: String?
    public var `enum`: [String]?
    public var minimum: Int?
    public var `default`: DefaultValue?
    public var properties: [String: JSONSchema]?
    public var required: [String]?
    public var additionalProperties: Bool?

    public init(
        type: String,
        description: String? = nil,
        format: String? = nil,
        enum: [String]? = nil,
        minimum: Int? = nil,
        default: DefaultValue? = nil,
        properties: [String: JSONSchema]? = nil,
        required: [String]? = nil,
        additionalProperties: Bool? = nil
    ) {
        self.type = type
        self.description = description
        self.format = format
        self.enum = `enum`
        self.minimum = minimum
        self.default = `default`
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
    }

    /// A default of the schema's own type.
    public enum DefaultValue: Codable, Sendable, Hashable {
        case string(String)
        case integer(Int)
        case bool(Bool)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .integer(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            }
        }
    }
}
