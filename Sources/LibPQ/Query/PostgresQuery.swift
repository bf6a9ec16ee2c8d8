/// SQL with its parameters. Interpolated values become placeholders (`$1`, `$2`, ...)
/// bound separately, never text in the SQL:
///
///     let query: PostgresQuery = "SELECT * FROM messages WHERE session_id = \(id) AND seq > \(after)"
///
/// `\(unescaped: name)` inserts SQL text verbatim; use it only for identifiers and
/// keywords the code itself controls.
///
/// `prepared()` marks a query the server should parse and plan once per connection
/// rather than on every run; worth it for a statement that runs often and is costly
/// to plan.
public struct PostgresQuery: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public var sql: String
    public var binds: [PostgresValue]
    /// Runs as a named prepared statement, kept per connection and keyed by the SQL
    /// and the bind types. False (the default) sends it unnamed, planned every time.
    /// `PostgresConnection.stream` ignores it: each cursor is a new statement.
    public var isPrepared = false

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

    /// This query, run as a prepared statement: `try await pool.query(query.prepared())`.
    public func prepared() -> PostgresQuery {
        var query = self
        query.isPrepared = true
        return query
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
