internal import CLibPQ

extension LibPQHandle {
    /// Runs `query` as a named prepared statement. Its first run in this session
    /// prepares it (`PQprepare`, one more round trip); later runs only execute it
    /// (`PQexecPrepared`, one round trip), and the server skips parsing and, once it
    /// settles on a generic plan, planning.
    ///
    /// A statement the server no longer has (26000), or whose result type changed
    /// with the schema (0A000, "cached plan must not change result type"), is dropped,
    /// prepared again and run once more, but only outside a transaction block: inside
    /// one, the error has aborted the transaction, so it is thrown. No other error is
    /// retried.
    func executePrepared(_ query: PostgresQuery) throws -> PostgresResult {
        let connection = try openConnection()
        return try encoder.withEncoded(query.binds) { count, types, values, lengths, formats in
            let key = PreparedStatementKey(sql: query.sql, types: types, count: count)
            var mayRetry = true
            while true {
                guard let name = try statementName(for: key, on: connection, count, types) else {
                    let result = query.sql.withCString { sql in
                        PQexecParams(connection, sql, count, types, values, lengths, formats, 0)
                    }
                    return try consume(result, of: connection)
                }
                let result = name.withCString { PQexecPrepared(connection, $0, count, values, lengths, formats, 0) }
                guard let result, let staleness = Self.staleness(of: result) else {
                    return try consume(result, of: connection)
                }
                preparedStatements.remove(named: name, stillOnServer: staleness == .resultTypeChanged)
                guard mayRetry, transactionState == .idle else {
                    return try consume(result, of: connection)
                }
                PQclear(result)
                mayRetry = false
            }
        }
    }

    /// The name of `key`'s statement, prepared first if this session has not yet.
    /// Nil when the cache is full inside a transaction block: making room takes a
    /// DEALLOCATE, whose failure would abort the caller's transaction, so the query
    /// then runs unnamed.
    private func statementName(
        for key: PreparedStatementKey,
        on connection: OpaquePointer,
        _ count: Int32,
        _ types: UnsafePointer<Oid>?
    ) throws -> String? {
        if let name = preparedStatements.use(key) {
            return name
        }
        if transactionState == .idle {
            if !preparedStatements.hasRoom {
                preparedStatements.evictLeastRecentlyUsed()
            }
            deallocateStale(on: connection)
        }
        guard preparedStatements.hasRoom else { return nil }

        let name = preparedStatements.makeName()
        let result = name.withCString { name in
            key.sql.withCString { sql in PQprepare(connection, name, sql, count, types) }
        }
        _ = try consume(result, of: connection)
        preparedStatements.insert(name, for: key)
        return name
    }

    /// Deallocates the statements the cache dropped. Called only outside a
    /// transaction block, where a failed DEALLOCATE changes nothing, so failures are
    /// ignored: a statement that is already gone is what was wanted, and a broken
    /// connection fails the statement that follows.
    private func deallocateStale(on connection: OpaquePointer) {
        for name in preparedStatements.takeStale() {
            PQclear(PQexec(connection, "DEALLOCATE \(name)"))
        }
    }

    enum Staleness {
        /// 26000: the session no longer has the statement (DEALLOCATE, DISCARD ALL).
        case missing
        /// 0A000: the statement's result columns changed; the server keeps it, unusable.
        case resultTypeChanged
    }

    static func staleness(of result: OpaquePointer) -> Staleness? {
        guard PQresultStatus(result) == PGRES_FATAL_ERROR else { return nil }
        switch errorField(JIRI_PG_DIAG_SQLSTATE, of: result) {
        case "26000":
            return .missing
        case "0A000" where isResultTypeChange(result):
            return .resultTypeChanged
        default:
            return nil
        }
    }

    /// 0A000 is "feature not supported" in general; this one is told apart by the
    /// server function that raised it (not translated, unlike the message).
    private static func isResultTypeChange(_ result: OpaquePointer) -> Bool {
        let sourceFunction = Int32(UInt8(ascii: "R"))
        return errorField(sourceFunction, of: result) == "RevalidateCachedQuery"
            || errorField(JIRI_PG_DIAG_MESSAGE_PRIMARY, of: result) == "cached plan must not change result type"
    }
}
