/// A `text[]` parameter whose elements may be NULL, sent in the binary format:
/// each element travels as its bytes, with nothing to quote or parse. Several
/// of them fed to `unnest` insert many rows in one statement, a column each.
public struct PostgresTextArray: PostgresEncodable, Hashable {
    public var elements: [String?]

    public init(_ elements: [String?]) {
        self.elements = elements
    }

    public var postgresValue: PostgresValue { .textArray(elements) }
}
