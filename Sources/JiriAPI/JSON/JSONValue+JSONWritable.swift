extension JSONValue: JSONWritable {
    /// As `encode(to:)`: whole numbers below 10¹⁵ as integers (`30`, not `30.0`).
    public func writeJSON(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 {
                writer.integer(Int(value))
            } else {
                writer.number(value)
            }
        case .string(let value): writer.string(value)
        case .array(let elements): writer.array(elements)
        case .object(let members): writer.object(members)
        }
    }
}
