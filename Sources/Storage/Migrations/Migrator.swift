import Foundation
import LibPQ
import Logging

/// Applies `migrations/NNNN_name.sql` files in order, each in its own transaction,
/// and records them in `schema_migrations` (name, SHA-256 checksum, applied_at).
///
/// Several processes may migrate at once: a session-level advisory lock, held on one
/// connection for the whole run, lets one apply while the others wait and then find
/// nothing to do. An applied file whose content changed stops the run.
///
/// Files run with the simple query protocol inside the migrator's transaction, so
/// they must not contain BEGIN/COMMIT or statements that refuse a transaction
/// (such as CREATE INDEX CONCURRENTLY). The statement timeout is lifted for them.
public struct Migrator: Sendable {
    public let pool: PostgresPool
    public let directory: URL
    private let logger: Logger

    /// The advisory lock key ("jirimigr" in ASCII), shared by every Jiri process.
    static let lockKey: Int64 = 7_667_785_637_707_736_946
    private static let lockPollInterval: Duration = .milliseconds(200)

    public init(pool: PostgresPool, directory: URL, logger: Logger) {
        self.pool = pool
        self.directory = directory
        self.logger = logger
    }

    /// Applies every pending file; returns the names it applied (empty when the
    /// schema was current, including when another process just applied them).
    @discardableResult
    public func migrate() async throws -> [String] {
        let files = try MigrationFile.load(from: directory)
        return try await pool.withConnection { connection in
            try await acquireLock(on: connection)
            do {
                let applied = try await applyPending(files, on: connection)
                await releaseLock(on: connection)
                return applied
            } catch {
                await releaseLock(on: connection)
                throw error
            }
        }
    }

    /// The names of files not yet applied, in order. Throws `MigrationError` when an
    /// applied file changed or the files are out of order.
    public func pending() async throws -> [String] {
        let files = try MigrationFile.load(from: directory)
        let applied = try await pool.withConnection { connection in
            try await appliedChecksums(on: connection, createTable: false)
        }
        return try plan(files, applied: applied).map(\.name)
    }

    /// True when every file is applied and none changed (for readiness checks).
    /// Throws only when the database cannot be read.
    public func isCurrent() async throws -> Bool {
        do {
            return try await pending().isEmpty
        } catch let error as MigrationError {
            logger.warning("schema is not current", metadata: ["reason": "\(error)"])
            return false
        }
    }

    // MARK: Applying

    private func applyPending(_ files: [MigrationFile], on connection: PostgresConnection) async throws -> [String] {
        let applied = try await appliedChecksums(on: connection, createTable: true)
        let pending = try plan(files, applied: applied)
        var appliedNow: [String] = []
        for file in pending {
            logger.info("applying migration", metadata: ["migration": "\(file.name)"])
            let started = ContinuousClock.now
            try await connection.withTransaction { connection in
                try await connection.execute(script: "SET LOCAL statement_timeout = 0")
                do {
                    try await connection.execute(script: file.sql)
                } catch let error as PostgresError {
                    throw MigrationError(.failed(name: file.name, error: error))
                }
                try await connection.query("""
                    INSERT INTO schema_migrations (name, checksum) VALUES (\(file.name), \(file.checksum))
                    """)
            }
            logger.info("applied migration", metadata: [
                "migration": "\(file.name)", "duration": "\(ContinuousClock.now - started)",
            ])
            appliedNow.append(file.name)
        }
        return appliedNow
    }

    /// Checks applied files against the directory and returns the pending ones.
    private func plan(_ files: [MigrationFile], applied: [String: String]) throws -> [MigrationFile] {
        for file in files {
            if let recorded = applied[file.name], recorded != file.checksum {
                throw MigrationError(.changedFile(name: file.name, appliedChecksum: recorded, fileChecksum: file.checksum))
            }
        }
        let known = Set(files.map(\.name))
        for name in applied.keys.sorted() where !known.contains(name) {
            // A newer release applied it; this one can still run on that schema.
            logger.warning("applied migration is not in the migrations directory", metadata: ["migration": "\(name)"])
        }
        let pending = files.filter { applied[$0.name] == nil }
        let lastApplied = applied.keys
            .compactMap { name in MigrationFile.version(of: name).map { (version: $0, name: name) } }
            .max { $0.version < $1.version }
        if let first = pending.first, let lastApplied, first.version <= lastApplied.version {
            throw MigrationError(.outOfOrder(name: first.name, lastApplied: lastApplied.name))
        }
        return pending
    }

    /// name → checksum of every applied migration.
    private func appliedChecksums(on connection: PostgresConnection, createTable: Bool) async throws -> [String: String] {
        if createTable {
            try await connection.execute(script: """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name        text        PRIMARY KEY,
                    checksum    text        NOT NULL,
                    applied_at  timestamptz NOT NULL DEFAULT now()
                )
                """)
        } else {
            let exists = try await connection.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS present")
            guard try exists.first?.decode("present", as: Bool.self) == true else { return [:] }
        }
        var checksums: [String: String] = [:]
        for row in try await connection.query("SELECT name, checksum FROM schema_migrations") {
            checksums[try row.decode("name", as: String.self)] = try row.decode("checksum", as: String.self)
        }
        return checksums
    }

    // MARK: The lock

    /// Polls `pg_try_advisory_lock` rather than blocking in `pg_advisory_lock`, so the
    /// wait can be cancelled and is not cut short by a statement timeout.
    private func acquireLock(on connection: PostgresConnection) async throws {
        var loggedWait = false
        while true {
            let result = try await connection.query("SELECT pg_try_advisory_lock(\(Self.lockKey)) AS locked")
            if try result.first?.decode("locked", as: Bool.self) == true { return }
            if !loggedWait {
                logger.info("another process is migrating; waiting for it")
                loggedWait = true
            }
            try await Task.sleep(for: Self.lockPollInterval)
        }
    }

    /// Releases the lock even in a cancelled task. If that fails the connection is
    /// closed, which releases the lock too, rather than returned to the pool holding it.
    private func releaseLock(on connection: PostgresConnection) async {
        let released = await Task {
            do {
                try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))")
                return true
            } catch {
                return false
            }
        }.value
        if !released {
            logger.warning("could not release the migration lock; closing the connection")
            await connection.close()
        }
    }
}
