/// JSON text that binds as `jsonb` (a plain `String` binds as `text`, which Postgres
/// will not assign to a `jsonb` column).
public struct PostgresJSONB: PostgresEncodable, PostgresDecodable, Hashable {
    public var json: String

    public init(_ json: String) {
        self.json = json
    }

    public init(postgresText: String) throws {
        self.json = postgresText
    }

    public var postgresValue: PostgresValue { .jsonb(json) }
}
