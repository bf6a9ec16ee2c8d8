/// SQL with its parameters. Interpolated values become placeholders (`$1`, `$2`, ...)
/// bound separately, never text in the SQL:
///
///     let query: PostgresQuery = "SELECT * FROM messages WHERE session_id = \(id) AND seq > \(after)"
///
/// `\(unescaped: name)` inserts SQL text verbatim; use it only for identifiers and
/// keywords the code itself controls.
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var sql: String
    public var binds: [PostgresValue]

    public init(sql: String, binds: [PostgresValue] = []) {
        self.sql = sql
        self.binds = binds
    }

    public init(stringLiteral value: String) {
        self.init(sql: value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self.init(sql: stringInterpolation.sql, binds: stringInterpolation.binds)
    }

    /// The SQL and how many values are bound; never the values, which may be
    /// secrets or transcripts.
    public var description: String {
        binds.isEmpty ? sql : "\(sql) [\(binds.count) binds]"
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var sql: String
        var binds: [PostgresValue]

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql = ""
            sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
            binds = []
            binds.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql.append(literal)
        }

        public mutating func appendInterpolation(_ value: some PostgresEncodable) {
            bind(value.postgresValue)
        }

        /// `nil` binds NULL.
        public mutating func appendInterpolation(_ value: (some PostgresEncodable)?) {
            bind(value?.postgresValue ?? .null)
        }

        public mutating func appendInterpolation(unescaped sqlText: String) {
            sql.append(sqlText)
        }

        private mutating func bind(_ value: PostgresValue) {
            binds.append(value)
            sql.append("$")
            sql.append(String(binds.count))
        }
    }
}
