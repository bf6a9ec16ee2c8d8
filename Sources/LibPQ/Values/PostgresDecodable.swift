import Foundation

/// A Swift value that can be read from a column in Postgres' text output format.
/// Sessions run with `TimeZone=UTC`, `DateStyle=ISO` and `bytea_output=hex`, which
/// is what the conformances here expect.
public protocol PostgresDecodable {
    init(postgresText: String) throws
}

extension String: PostgresDecodable {
    public init(postgresText: String) throws {
        self = postgresText
    }
}

extension PostgresDecodable where Self: FixedWidthInteger {
    public init(postgresText: String) throws {
        guard let value = Self(postgresText, radix: 10) else {
            throw PostgresError.decoding("not a \(Self.bitWidth)-bit integer")
        }
        self = value
    }
}

extension Int: PostgresDecodable {}
extension Int32: PostgresDecodable {}
extension Int64: PostgresDecodable {}

extension Bool: PostgresDecodable {
    public init(postgresText: String) throws {
        switch postgresText {
        case "t", "true": self = true
        case "f", "false": self = false
        default: throw PostgresError.decoding("not a boolean")
        }
    }
}

extension Double: PostgresDecodable {
    public init(postgresText: String) throws {
        switch postgresText {
        case "NaN": self = .nan
        case "Infinity": self = .infinity
        case "-Infinity": self = -.infinity
        default:
            guard let value = Double(postgresText) else { throw PostgresError.decoding("not a number") }
            self = value
        }
    }
}

extension UUID: PostgresDecodable {
    public init(postgresText: String) throws {
        guard let value = UUID(uuidString: postgresText) else { throw PostgresError.decoding("not a UUID") }
        self = value
    }
}

extension Date: PostgresDecodable {
    public init(postgresText: String) throws {
        guard let value = PostgresTimestamp.date(fromText: postgresText) else {
            throw PostgresError.decoding("not an ISO timestamp")
        }
        self = value
    }
}

extension Array: PostgresDecodable where Element: PostgresArrayElement {
    public init(postgresText: String) throws {
        self = try Element.postgresArray(fromText: postgresText)
    }
}
