/// The subset of JSON Schema used to describe tool parameters.
public struct JSONSchema: Codable, Sendable, Hashable {
    public var type: String
    public var description: String?
    public var format: String?
    public var `enum`: [String]?
    public var minimum: Int?
    public var `default`: JSONScalar?
    public var properties: [String: JSONSchema]?
    public var required: [String]?
    public var additionalProperties: Bool?

    public init(
        type: String,
        description: String? = nil,
        format: String? = nil,
        enum: [String]? = nil,
        minimum: Int? = nil,
        default: JSONScalar? = nil,
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
}
