extension PostgresConnection {
    /// Calls `body` for every row of a SELECT while holding at most `batchSize` rows
    /// in memory: the query runs as a server-side cursor fetched in batches, inside
    /// the current transaction or a transaction of its own. Only SELECT and VALUES
    /// can be streamed (a cursor's rule).
    public func stream(
        isolation: isolated (any Actor)? = #isolation,
        _ query: PostgresQuery,
        batchSize: Int = 1000,
        _ body: (PostgresRow) async throws -> Void
    ) async throws {
        precondition(batchSize > 0, "batchSize must be positive")
        let cursor = makeCursorName()
        let ownsTransaction = transactionState == .idle
        if ownsTransaction {
            try await self.query("BEGIN")
        }
        var declared = false
        do {
            try await self.query(PostgresQuery(
                sql: "DECLARE \(cursor) NO SCROLL CURSOR FOR \(query.sql)",
                binds: query.binds
            ))
            declared = true
            let fetch = PostgresQuery(sql: "FETCH FORWARD \(batchSize) FROM \(cursor)")
            while true {
                let batch = try await self.query(fetch)
                for row in batch {
                    try await body(row)
                }
                if batch.count < batchSize { break }
            }
            try await self.query(ownsTransaction ? "COMMIT" : "CLOSE \(unescaped: cursor)")
        } catch {
            if ownsTransaction {
                _ = await runCleanup("ROLLBACK")
            } else if declared, transactionState == .inTransaction {
                _ = await runCleanup("CLOSE \(cursor)")
            }
            throw error
        }
    }
}
