import Foundation
import JiriAPI
import Understanding

extension SlotValue {
    /// The value as it appears in `intent.slots` and client actions.
    public var jsonValue: JSONValue {
        switch self {
        case .text(let text), .enumCase(let text), .entity(let text): .string(text)
        case .integer(let value), .minutes(let value): .number(Double(value))
        case .bool(let value): .bool(value)
        case .date(let date): .string(date.formatted(.iso8601))
        }
    }
}
