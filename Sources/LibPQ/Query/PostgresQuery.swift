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

    /// Builds the SQL in a byte buffer: appending a literal's bytes and a
    /// placeholder's digits to `[UInt8]` costs a fraction of `String.append`, and a
    /// turn's commit statement is 2 KB of SQL in some 70 pieces, built on every turn.
    public struct StringInterpolation: StringInterpolationProtocol {
        @usableFromInline var text: [UInt8]
        @usableFromInline var binds: [PostgresValue]

        public init(literalCapacity: Int, interpolationCount: Int) {
            text = []
            text.reserveCapacity(literalCapacity + 4 * interpolationCount)
            binds = []
            binds.reserveCapacity(interpolationCount)
        }

        var sql: String {
            String(decoding: text, as: UTF8.self)
        }

        public mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        /// Inlinable, as is the optional one: specialised where the query is
        /// written, a bind skips looking up its generic type's metadata at run
        /// time (about 1 % of a turn, whose commit binds some 30 values).
        @inlinable
        public mutating func appendInterpolation(_ value: some PostgresEncodable) {
            bind(value.postgresValue)
        }

        /// `nil` binds NULL.
        @inlinable
        public mutating func appendInterpolation(_ value: (some PostgresEncodable)?) {
            bind(value.postgresValue)
        }

        public mutating func appendInterpolation(unescaped sqlText: String) {
            append(sqlText)
        }

        private mutating func append(_ string: String) {
            text.append(contentsOf: string.utf8)
        }

        @usableFromInline
        mutating func bind(_ value: PostgresValue) {
            binds.append(value)
            text.append(UInt8(ascii: "$"))
            appendDigits(of: binds.count)
        }

        private mutating func appendDigits(of number: Int) {
            if number >= 10 {
                appendDigits(of: number / 10)
            }
            text.append(UInt8(ascii: "0") + UInt8(number % 10))
        }
    }
}
