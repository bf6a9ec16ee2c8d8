internal import CLibPQ
import ConnectionSupport

extension LibPQHandle {
    /// Runs a statement this session has already prepared without holding a
    /// thread: sends it (`PQsendQueryPrepared` on the non-blocking connection),
    /// then awaits the reply through the ``SocketPoller``. A turn's commit, a
    /// session read and a history page all take this path once their statement
    /// is prepared.
    ///
    /// Nil when the statement is not prepared in this session yet, or turned out
    /// stale outside a transaction block: the caller then runs the query on the
    /// thread pool (`executePrepared`), which prepares it (again).
    func executePreparedAwaitingReply(_ query: PostgresQuery) async throws -> PostgresResult? {
        let connection = try openConnection()
        var sentName: String?
        let sent = try encoder.withEncoded(query.binds) { count, types, values, lengths, formats -> Int32 in
            let key = PreparedStatementKey(sql: query.sql, types: types, count: count)
            guard let name = preparedStatements.use(key) else { return 0 }
            sentName = name
            return name.withCString { PQsendQueryPrepared(connection, $0, count, values, lengths, formats, 0) }
        }
        guard let name = sentName else { return nil }
        guard sent == 1 else {
            throw PostgresError(kind: .connection, message: Self.errorMessage(connection))
        }
        try await flush(connection)
        guard let result = await lastResult(of: connection) else {
            return try consume(nil, of: connection)
        }
        if let staleness = Self.staleness(of: result) {
            preparedStatements.remove(named: name, stillOnServer: staleness == .resultTypeChanged)
            if transactionState == .idle {
                PQclear(result)
                return nil
            }
        }
        return try consume(result, of: connection)
    }

    /// Writes what libpq has buffered, awaiting room in the socket when it is full.
    private func flush(_ connection: OpaquePointer) async throws {
        while true {
            switch PQflush(connection) {
            case 0:
                return
            case 1:
                _ = await SocketPoller.shared.wait(for: .writable, on: PQsocket(connection))
                // The server may be sending while it reads (notices): take that in too.
                guard PQconsumeInput(connection) == 1 else { return }
            default:
                throw PostgresError(kind: .connection, message: Self.errorMessage(connection))
            }
        }
    }

    /// Collects the statement's results, awaiting the socket whenever libpq would
    /// block, until libpq has none left; returns the last one (a statement sent on
    /// its own has one), nil when the connection broke before any arrived.
    private func lastResult(of connection: OpaquePointer) async -> OpaquePointer? {
        var last: OpaquePointer?
        while true {
            while PQisBusy(connection) == 1 {
                _ = await SocketPoller.shared.wait(for: .readable, on: PQsocket(connection))
                // On failure libpq marks the connection broken; PQgetResult then
                // returns the error without waiting.
                guard PQconsumeInput(connection) == 1 else { break }
            }
            guard let result = PQgetResult(connection) else { return last }
            if let last { PQclear(last) }
            last = result
        }
    }
}
