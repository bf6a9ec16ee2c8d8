#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CLibPQ
import Logging

/// A libpq connection and every blocking call made on it. Methods here block and
/// must run on the thread pool; `PostgresConnection` ensures that, and that only one
/// thread uses a handle at a time.
final class LibPQHandle: @unchecked Sendable {
    private var connection: OpaquePointer?
    private let configuration: PostgresConfiguration
    private let notices: NoticeSink
    var encoder = BindEncoder()
    /// The statements prepared in the current session; emptied when it ends.
    var preparedStatements: PreparedStatementCache

    private init(connection: OpaquePointer, configuration: PostgresConfiguration, notices: NoticeSink) {
        self.connection = connection
        self.configuration = configuration
        self.notices = notices
        self.preparedStatements = PreparedStatementCache(capacity: configuration.preparedStatementLimit)
    }

    deinit {
        if let connection { PQfinish(connection) }
    }

    /// Opens a connection; blocks for up to the configuration's connect timeout.
    static func open(configuration: PostgresConfiguration, logger: Logger) throws -> LibPQHandle {
        let notices = NoticeSink(logger: logger)
        let connection = try connect(configuration, notices: notices)
        return LibPQHandle(connection: connection, configuration: configuration, notices: notices)
    }

    private static func connect(_ configuration: PostgresConfiguration, notices: NoticeSink) throws -> OpaquePointer {
        let parameters = configuration.connectionParameters
        let keywords = parameters.map { strdup($0.keyword) }
        let values = parameters.map { strdup($0.value) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let connection: OpaquePointer? = withNullTerminated(keywords) { keywordArray in
            withNullTerminated(values) { valueArray in
                PQconnectdbParams(keywordArray, valueArray, 0)
            }
        }
        guard let connection else {
            throw PostgresError(kind: .connection, message: "libpq could not allocate a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = errorMessage(connection)
            PQfinish(connection)
            throw PostgresError(kind: .connection, message: message)
        }
        // Sends that would block return instead (the awaiting path flushes); the
        // blocking calls (PQexec, PQprepare, ...) behave as before.
        guard PQsetnonblocking(connection, 1) == 0 else {
            let message = errorMessage(connection)
            PQfinish(connection)
            throw PostgresError(kind: .connection, message: message)
        }
        PQsetNoticeProcessor(connection, { context, message in
            guard let context, let message else { return }
            Unmanaged<NoticeSink>.fromOpaque(context).takeUnretainedValue().receive(String(cString: message))
        }, Unmanaged.passUnretained(notices).toOpaque())
        return connection
    }

    // MARK: State

    var isOpen: Bool { connection.map { PQstatus($0) == CONNECTION_OK } ?? false }

    var transactionState: TransactionState {
        guard let connection else { return .unknown }
        switch PQtransactionStatus(connection) {
        case PQTRANS_IDLE: return .idle
        case PQTRANS_INTRANS: return .inTransaction
        case PQTRANS_INERROR: return .failed
        default: return .unknown
        }
    }

    /// Closes the connection; later calls fail with a connection error. The
    /// session's prepared statements end with it.
    func finish() {
        if let connection { PQfinish(connection) }
        connection = nil
        preparedStatements.removeAll()
    }

    /// Checks, without a round trip, that the server has not closed an idle
    /// connection (as it does when it restarts), and reconnects when it has.
    /// Returns true when it reconnected.
    func reconnectIfClosedByServer() throws -> Bool {
        if isAlive { return false }
        finish()
        connection = try Self.connect(configuration, notices: notices)
        return true
    }

    /// Whether an idle connection is still open; never blocks.
    var isAlive: Bool {
        connection.map(Self.isAlive) ?? false
    }

    /// An idle connection has nothing to read. If the socket is readable, the server
    /// sent something: usually a termination notice followed by end-of-file. Reading
    /// it lets libpq notice the closed socket.
    private static func isAlive(_ connection: OpaquePointer) -> Bool {
        guard PQstatus(connection) == CONNECTION_OK else { return false }
        let socket = PQsocket(connection)
        guard socket >= 0 else { return false }
        for _ in 0..<4 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready == 0 { return true }
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            guard PQconsumeInput(connection) == 1 else { return false }
            // Parses what arrived: notices go to the notice processor.
            _ = PQisBusy(connection)
            while let notification = PQnotifies(connection) { PQfreemem(notification) }
            guard PQstatus(connection) == CONNECTION_OK else { return false }
        }
        return PQstatus(connection) == CONNECTION_OK
    }

    // MARK: Statements

    /// One statement with binary parameters and text results: unnamed
    /// (`PQexecParams`), or prepared when the query asks for it.
    func execute(_ query: PostgresQuery) throws -> PostgresResult {
        if query.isPrepared {
            return try executePrepared(query)
        }
        let connection = try openConnection()
        let result = try encoder.withEncoded(query.binds) { count, types, values, lengths, formats in
            query.sql.withCString { sql in
                PQexecParams(connection, sql, count, types, values, lengths, formats, 0)
            }
        }
        return try consume(result, of: connection)
    }

    /// Several statements without parameters (`PQexec`, the simple query protocol);
    /// stops at the first error.
    func executeScript(_ sql: String) throws {
        let connection = try openConnection()
        let result = sql.withCString { PQexec(connection, $0) }
        _ = try consume(result, of: connection)
    }

    func openConnection() throws -> OpaquePointer {
        guard let connection else { throw PostgresError.connectionClosed }
        return connection
    }

    /// Copies a result into Swift values, then frees it.
    func consume(_ result: OpaquePointer?, of connection: OpaquePointer) throws -> PostgresResult {
        guard let result else {
            throw PostgresError(kind: .connection, message: Self.errorMessage(connection))
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_SINGLE_TUPLE:
            return Self.rows(of: result)
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(rows: [], affectedRows: Self.affectedRows(of: result), columns: [])
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            // The protocol is now mid-COPY; a fresh connection is simpler than unwinding it.
            finish()
            throw PostgresError(kind: .connection, message: "COPY is not supported; the connection was closed")
        default:
            throw Self.error(from: result, connection: connection)
        }
    }

    private static func rows(of result: OpaquePointer) -> PostgresResult {
        let rowCount = Int(PQntuples(result))
        let columnCount = Int(PQnfields(result))
        let names = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        let columns = ColumnNames(names)

        var bytes: [UInt8] = []
        var starts: [Int] = []
        var ends: [Int] = []
        starts.reserveCapacity(rowCount * columnCount)
        ends.reserveCapacity(rowCount * columnCount)
        for row in 0..<Int32(rowCount) {
            for column in 0..<Int32(columnCount) {
                if PQgetisnull(result, row, column) == 1 {
                    starts.append(-1)
                    ends.append(-1)
                    continue
                }
                let length = Int(PQgetlength(result, row, column))
                starts.append(bytes.count)
                PQgetvalue(result, row, column).withMemoryRebound(to: UInt8.self, capacity: length) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
                }
                ends.append(bytes.count)
            }
        }
        let storage = RowStorage(columns: columns, bytes: bytes, starts: starts, ends: ends)
        let rows = (0..<rowCount).map { PostgresRow(storage: storage, index: $0) }
        return PostgresResult(rows: rows, affectedRows: affectedRows(of: result), columns: names)
    }

    private static func affectedRows(of result: OpaquePointer) -> Int {
        guard let tuples = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: tuples)) ?? 0
    }

    static func errorField(_ code: Int32, of result: OpaquePointer) -> String? {
        PQresultErrorField(result, code).map { String(cString: $0) }
    }

    private static func error(from result: OpaquePointer, connection: OpaquePointer) -> PostgresError {
        func field(_ code: Int32) -> String? {
            errorField(code, of: result)
        }
        let sqlState = field(JIRI_PG_DIAG_SQLSTATE)
        let message = field(JIRI_PG_DIAG_MESSAGE_PRIMARY) ?? errorMessage(connection)
        // Without a SQLSTATE the error came from libpq itself: the connection broke.
        let lost = PQstatus(connection) != CONNECTION_OK || sqlState == nil
        return PostgresError(
            kind: lost ? .connection : .server,
            message: message,
            sqlState: sqlState,
            detail: field(JIRI_PG_DIAG_MESSAGE_DETAIL),
            hint: field(JIRI_PG_DIAG_MESSAGE_HINT)
        )
    }

    static func errorMessage(_ connection: OpaquePointer) -> String {
        guard let message = PQerrorMessage(connection) else { return "unknown libpq error" }
        let text = String(cString: message).trimmingWhitespace()
        return text.isEmpty ? "unknown libpq error" : text
    }
}

enum TransactionState: Sendable {
    case idle, inTransaction, failed, unknown
}

/// Server notices (for example "relation already exists, skipping") go to the log.
private final class NoticeSink {
    let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func receive(_ message: String) {
        logger.debug("postgres notice", metadata: ["notice": .string(message.trimmingWhitespace())])
    }
}

private func withNullTerminated<Result>(
    _ strings: [UnsafeMutablePointer<CChar>?],
    _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let pointers = strings.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}

private extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        return String(scalars)
    }
}
