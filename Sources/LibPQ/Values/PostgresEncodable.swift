import Foundation

/// A Swift value that can be bound as a query parameter.
///
/// Every integer type binds as `bigint`, which compares and assigns to any integer
/// column; a function that only takes `integer` needs a cast: `\(pid)::int`.
public protocol PostgresEncodable: Sendable {
    var postgresValue: PostgresValue { get }
}

extension String: PostgresEncodable {
    public var postgresValue: PostgresValue { .text(self) }
}

extension Int: PostgresEncodable {
    public var postgresValue: PostgresValue { .int(Int64(self)) }
}

extension Int32: PostgresEncodable {
    public var postgresValue: PostgresValue { .int(Int64(self)) }
}

extension Int64: PostgresEncodable {
    public var postgresValue: PostgresValue { .int(self) }
}

extension Bool: PostgresEncodable {
    public var postgresValue: PostgresValue { .bool(self) }
}

extension Double: PostgresEncodable {
    public var postgresValue: PostgresValue { .double(self) }
}

extension UUID: PostgresEncodable {
    public var postgresValue: PostgresValue { .uuid(self) }
}

extension Date: PostgresEncodable {
    public var postgresValue: PostgresValue { .timestamptz(self) }
}

/// An element type whose arrays map to one Postgres type: `[UInt8]` is `bytea`,
/// `[String]` is `text[]`. (Swift allows `Array` only one conditional conformance
/// per protocol, so the element chooses.)
public protocol PostgresArrayElement: Sendable {
    static func postgresValue(of array: [Self]) -> PostgresValue
    static func postgresArray(fromText text: String) throws -> [Self]
}

extension UInt8: PostgresArrayElement {
    public static func postgresValue(of array: [UInt8]) -> PostgresValue { .bytea(array) }

    public static func postgresArray(fromText text: String) throws -> [UInt8] {
        try PostgresTextFormat.bytea(text)
    }
}

extension String: PostgresArrayElement {
    public static func postgresValue(of array: [String]) -> PostgresValue { .textArray(array) }

    public static func postgresArray(fromText text: String) throws -> [String] {
        try PostgresTextFormat.textArray(text)
    }
}

extension Array: PostgresEncodable where Element: PostgresArrayElement {
    public var postgresValue: PostgresValue { Element.postgresValue(of: self) }
}

extension Optional where Wrapped: PostgresEncodable {
    /// The wrapped value's, or NULL.
    public var postgresValue: PostgresValue { self?.postgresValue ?? .null }
}
