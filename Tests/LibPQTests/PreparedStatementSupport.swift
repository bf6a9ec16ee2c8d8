import LibPQ

extension LibPQTestSupport {
    /// The SQL of every statement prepared in `connection`'s session, by statement
    /// name (asked unprepared, so asking adds none).
    static func preparedStatements(on connection: PostgresConnection) async throws -> [String: String] {
        var statements: [String: String] = [:]
        for row in try await connection.query("SELECT name, statement FROM pg_prepared_statements") {
            statements[try row.decode("name", as: String.self)] = try row.decode("statement", as: String.self)
        }
        return statements
    }

    /// Every value of `result` as the text the server sent, nil for NULL.
    static func texts(of result: PostgresResult) throws -> [[String?]] {
        try result.map { row in
            try row.columns.map { try row.decode($0, as: String?.self) }
        }
    }

    /// The configuration of the shared test database, with another prepared statement limit.
    static func configuration(preparedStatementLimit: Int) throws -> PostgresConfiguration {
        var configuration = try Self.configuration
        configuration.preparedStatementLimit = preparedStatementLimit
        return configuration
    }
}
