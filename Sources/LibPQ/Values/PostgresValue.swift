import Foundation

/// A value bound to a query parameter. Each case is sent in Postgres' binary format
/// with its type, so nothing is ever spliced into SQL text.
public enum PostgresValue: Sendable, Hashable {
    case null
    case text(String)
    case int(Int64)
    case bool(Bool)
    case double(Double)
    case uuid(UUID)
    /// Sent at microsecond precision, Postgres' own.
    case timestamptz(Date)
    /// JSON text, bound as `jsonb`.
    case jsonb(String)
    case bytea([UInt8])
    /// A one-dimensional `text[]`; `nil` elements are NULL.
    case textArray([String?])
}

extension PostgresValue: PostgresEncodable {
    public var postgresValue: PostgresValue { self }
}
