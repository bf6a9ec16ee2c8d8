import Catalog
import Foundation

/// A parameter value taken from what the user said. Encodes as plain JSON: a
/// string, a number, a boolean, or an ISO-8601 string for dates.
public enum SlotValue: Sendable, Hashable, Codable {
    /// Free text: a prompt, a query, an idea.
    case text(String)
    case integer(Int)
    /// A duration in whole minutes.
    case minutes(Int)
    case date(Date)
    /// The raw value of an enum case (`meds`).
    case enumCase(String)
    /// An entity as the user named it ("Emma"); the app's connector resolves it.
    case entity(String)
    case bool(Bool)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let value), .enumCase(let value), .entity(let value): try container.encode(value)
        case .integer(let value), .minutes(let value): try container.encode(value)
        case .date(let value): try container.encode(value.formatted(Self.iso8601))
        case .bool(let value): try container.encode(value)
        }
    }

    /// Decoding cannot know the parameter type: numbers become `.integer`,
    /// booleans `.bool` and strings `.text`. Use `SlotParser` or the parameter's
    /// type to interpret them.
    public init(from decoder: any Decoder) throws {
        switch try JSONScalar(from: decoder) {
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .string(let value): self = .text(value)
        }
    }

    /// The value as a string for dialogs and logs (dates in ISO-8601).
    public var stringValue: String {
        switch self {
        case .text(let value), .enumCase(let value), .entity(let value): value
        case .integer(let value), .minutes(let value): String(value)
        case .date(let value): value.formatted(Self.iso8601)
        case .bool(let value): value ? "true" : "false"
        }
    }

    private static let iso8601 = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
}
