import Foundation
import JiriTestSupport
import LibPQ
import Logging
import Storage
import Testing

/// Each test migrates its own temporary database from its own temporary directory.
@Suite struct MigratorTests {
    private static let logger = Logger(label: "jiri.test.migrator")

    @Test func aFreshDatabaseGetsEveryFileInOrder() async throws {
        try await withScratch([
            "0001_create.sql": "CREATE TABLE widgets (id int PRIMARY KEY, name text NOT NULL);",
            "0002_seed.sql": "INSERT INTO widgets VALUES (1, 'first'); INSERT INTO widgets VALUES (2, 'second');",
            "0010_rename.sql": "ALTER TABLE widgets RENAME COLUMN name TO label;",
            "README.md": "not a migration",
        ]) { scratch in
            let applied = try await scratch.migrator().migrate()
            #expect(applied == ["0001_create.sql", "0002_seed.sql", "0010_rename.sql"])

            let labels = try await scratch.pool.query("SELECT label FROM widgets ORDER BY id")
            #expect(try labels.map { try $0.decode("label", as: String.self) } == ["first", "second"])
            let recorded = try await scratch.pool.query("SELECT name FROM schema_migrations ORDER BY applied_at, name")
            #expect(try recorded.map { try $0.decode("name", as: String.self) } == applied)
        }
    }

    @Test func theRecordedChecksumIsTheFilesSHA256() async throws {
        try await withScratch(["0001_one.sql": "SELECT 1;\n"]) { scratch in
            try await scratch.migrator().migrate()
            let row = try #require(try await scratch.pool.query("SELECT checksum FROM schema_migrations").first)
            // sha256sum of the bytes "SELECT 1;\n".
            #expect(try row.decode("checksum", as: String.self)
                == "b4e0497804e46e0a0b0b8c31975b062152d551bac49c3c2e80932567b4085dcd")
        }
    }

    @Test func runningAgainChangesNothing() async throws {
        try await withScratch(["0001_create.sql": "CREATE TABLE once (id int);"]) { scratch in
            let migrator = scratch.migrator()
            try await migrator.migrate()
            let firstAppliedAt = try await scratch.appliedAt("0001_create.sql")

            let second = try await migrator.migrate()
            #expect(second.isEmpty)
            let secondAppliedAt = try await scratch.appliedAt("0001_create.sql")
            #expect(secondAppliedAt == firstAppliedAt)
            let pending = try await migrator.pending()
            #expect(pending.isEmpty)
            let current = try await migrator.isCurrent()
            #expect(current)
        }
    }

    @Test func pendingListsWhatIsNotAppliedYet() async throws {
        try await withScratch(["0001_a.sql": "CREATE TABLE a (id int);"]) { scratch in
            let migrator = scratch.migrator()
            let before = try await migrator.pending()
            #expect(before == ["0001_a.sql"])
            let currentBefore = try await migrator.isCurrent()
            #expect(!currentBefore)

            try await migrator.migrate()
            try scratch.write("0002_b.sql", "CREATE TABLE b (id int);")
            let after = try await migrator.pending()
            #expect(after == ["0002_b.sql"])
        }
    }

    @Test func aChangedAppliedFileIsRefused() async throws {
        try await withScratch(["0001_create.sql": "CREATE TABLE guarded (id int);"]) { scratch in
            let migrator = scratch.migrator()
            try await migrator.migrate()
            try scratch.write("0001_create.sql", "CREATE TABLE guarded (id bigint);")
            try scratch.write("0002_more.sql", "CREATE TABLE not_created (id int);")

            let error = await #expect(throws: MigrationError.self) { try await migrator.migrate() }
            guard case .changedFile(let name, let appliedChecksum, let fileChecksum)? = error?.reason else {
                Issue.record("expected a changed-file error, got \(String(describing: error))")
                return
            }
            #expect(name == "0001_create.sql")
            #expect(appliedChecksum != fileChecksum)
            #expect(appliedChecksum.count == 64 && fileChecksum.count == 64)
            #expect(error?.description.contains(appliedChecksum) == true)
            #expect(error?.description.contains(fileChecksum) == true)

            let later = try await scratch.pool.query("SELECT to_regclass('not_created') IS NULL AS absent")
            #expect(try later.first?.decode("absent", as: Bool.self) == true)
            let current = try await migrator.isCurrent()
            #expect(!current)
        }
    }

    @Test func twoConcurrentMigratorsApplyEachFileOnce() async throws {
        try await withScratch([
            // Slow enough that the second migrator arrives while the first holds the lock;
            // neither file could be applied twice without an error.
            "0001_slow.sql": "SELECT pg_sleep(0.5); CREATE TABLE raced (id int);",
            "0002_more.sql": "CREATE TABLE raced_too (id int);",
        ]) { scratch in
            let otherPool = PostgresPool(configuration: scratch.pool.configuration, maxConnections: 2, logger: Self.logger)
            let first = scratch.migrator()
            let second = Migrator(pool: otherPool, directory: scratch.directory, logger: Self.logger)

            async let firstApplied = first.migrate()
            async let secondApplied = second.migrate()
            let results: [[String]]
            do {
                results = try await [firstApplied, secondApplied]
            } catch {
                await otherPool.close()
                throw error
            }
            await otherPool.close()

            #expect(results.flatMap { $0 }.sorted() == ["0001_slow.sql", "0002_more.sql"])
            #expect(results.contains { $0.isEmpty })
            let count = try await scratch.pool.query("SELECT count(*) AS n FROM schema_migrations")
            #expect(try count.first?.decode("n", as: Int.self) == 2)
        }
    }

    @Test func aFailingFileIsRolledBackAndStopsTheRun() async throws {
        try await withScratch([
            "0001_good.sql": "CREATE TABLE good (id int);",
            "0002_bad.sql": "CREATE TABLE half_done (id int); SELECT 1 / 0;",
            "0003_after.sql": "CREATE TABLE never (id int);",
        ]) { scratch in
            let migrator = scratch.migrator()
            let error = await #expect(throws: MigrationError.self) { try await migrator.migrate() }
            guard case .failed(let name, let cause)? = error?.reason else {
                Issue.record("expected a failed migration, got \(String(describing: error))")
                return
            }
            #expect(name == "0002_bad.sql")
            #expect(cause.sqlState == "22012")

            let tables = try #require(try await scratch.pool.query("""
                SELECT to_regclass('good') IS NOT NULL AS good, to_regclass('half_done') IS NOT NULL AS half,
                       to_regclass('never') IS NOT NULL AS never
                """).first)
            #expect(try tables.decode("good", as: Bool.self))
            #expect(try !tables.decode("half", as: Bool.self))
            #expect(try !tables.decode("never", as: Bool.self))
            let pending = try await migrator.pending()
            #expect(pending == ["0002_bad.sql", "0003_after.sql"])
        }
    }

    @Test func aFileNumberedBeforeAnAppliedOneIsRefused() async throws {
        try await withScratch(["0002_second.sql": "CREATE TABLE second (id int);"]) { scratch in
            let migrator = scratch.migrator()
            try await migrator.migrate()
            try scratch.write("0001_first.sql", "CREATE TABLE first (id int);")
            let error = await #expect(throws: MigrationError.self) { try await migrator.migrate() }
            #expect(error?.reason == .outOfOrder(name: "0001_first.sql", lastApplied: "0002_second.sql"))
        }
    }

    @Test(arguments: ["1_short.sql", "0001-dash.sql", "0001_.sql", "abcd_letters.sql", "0001_sp ace.sql"])
    func aBadlyNamedSQLFileIsRefused(name: String) async throws {
        try await withScratch([name: "SELECT 1;"]) { scratch in
            let error = await #expect(throws: MigrationError.self) { try await scratch.migrator().migrate() }
            #expect(error?.reason == .invalidFileName(name))
        }
    }

    @Test func twoFilesWithOneNumberAreRefused() async throws {
        try await withScratch(["0001_a.sql": "SELECT 1;", "0001_b.sql": "SELECT 2;"]) { scratch in
            let error = await #expect(throws: MigrationError.self) { try await scratch.migrator().migrate() }
            #expect(error?.reason == .duplicateVersion("0001_a.sql", "0001_b.sql"))
        }
    }

    @Test func theRepositorysMigrationsApplyToAnEmptyDatabase() async throws {
        let directory = TestEnvironment.repositoryRoot.appendingPathComponent("migrations")
        try await withScratch([:]) { scratch in
            let migrator = Migrator(pool: scratch.pool, directory: directory, logger: Self.logger)
            let applied = try await migrator.migrate()
            #expect(applied.contains("0001_initial.sql"))
            let current = try await migrator.isCurrent()
            #expect(current)
        }
    }

    @Test func migration0004KeepsStoredJSONDocumentsAsTheirText() async throws {
        let repository = TestEnvironment.repositoryRoot.appendingPathComponent("migrations")
        let before = try ["0001_initial.sql", "0002_lighter_turn_commit.sql", "0003_messages_in_turns.sql"].reduce(into: [String: String]()) {
            $0[$1] = try String(contentsOf: repository.appendingPathComponent($1), encoding: .utf8)
        }
        try await withScratch(before) { scratch in
            try await scratch.migrator().migrate()
            try await scratch.pool.query("""
                INSERT INTO sessions (id, owner, client, state) VALUES ('s', 'o', 'ios_app', '{"recent": [], "n": 1}')
                """)
            try await scratch.pool.query("""
                INSERT INTO turns (id, session_id, seq, owner, request_hash, request, response, facts, latency_ms,
                                   user_text, user_at, reply_text)
                VALUES ('t', 's', 1, 'o', '\\x00', '{"user_text": "hi"}', '{"reply_text": "Hello \\"you\\""}',
                        '{"device.locked": false}', 3, 'hi', now(), 'Hello "you"')
                """)
            try scratch.write("0004_json_payloads_as_text.sql",
                              try String(contentsOf: repository.appendingPathComponent("0004_json_payloads_as_text.sql"), encoding: .utf8))
            #expect(try await scratch.migrator().migrate() == ["0004_json_payloads_as_text.sql"])

            let types = try await scratch.pool.query("""
                SELECT column_name, data_type FROM information_schema.columns
                WHERE (table_name = 'turns' AND column_name IN ('request', 'response', 'facts'))
                   OR (table_name = 'sessions' AND column_name = 'state')
                """)
            #expect(try types.map { try $0.decode("data_type", as: String.self) } == ["text", "text", "text", "text"])
            let turn = try #require(try await scratch.pool.query("SELECT request, response, facts FROM turns").first)
            #expect(try turn.decode("request", as: String.self) == #"{"user_text": "hi"}"#)
            #expect(try turn.decode("response", as: String.self) == #"{"reply_text": "Hello \"you\""}"#)
            #expect(try turn.decode("facts", as: String.self) == #"{"device.locked": false}"#)
            let session = try #require(try await scratch.pool.query("SELECT state FROM sessions").first)
            #expect(try session.decode("state", as: String.self) == #"{"n": 1, "recent": []}"#)
        }
    }

    // MARK: Scratch database and directory

    private struct Scratch {
        let pool: PostgresPool
        let directory: URL

        func migrator() -> Migrator {
            Migrator(pool: pool, directory: directory, logger: MigratorTests.logger)
        }

        func write(_ name: String, _ contents: String) throws {
            try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
        }

        func appliedAt(_ name: String) async throws -> Date {
            let row = try #require(try await pool.query("SELECT applied_at FROM schema_migrations WHERE name = \(name)").first)
            return try row.decode("applied_at", as: Date.self)
        }
    }

    /// A temporary database (`jiri_t_…`, `ScratchDatabaseName`) and migrations directory holding
    /// `files`; both are removed afterwards.
    private func withScratch(_ files: [String: String], _ body: (Scratch) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, contents) in files {
            try Data(contents.utf8).write(to: directory.appendingPathComponent(name))
        }

        let shared = try PostgresConfiguration(url: TestEnvironment.databaseURL)
        let database = ScratchDatabaseName.make("jiri_t")
        let admin = try await PostgresConnection.connect(configuration: shared, logger: Self.logger)
        await ScratchDatabaseName.sweepAbandoned(on: admin)
        try await admin.query("CREATE DATABASE \(unescaped: database)")

        var configuration = shared
        configuration.database = database
        let pool = PostgresPool(configuration: configuration, maxConnections: 2, logger: Self.logger)
        do {
            try await body(Scratch(pool: pool, directory: directory))
        } catch {
            await pool.close()
            _ = try? await admin.query("DROP DATABASE \(unescaped: database) WITH (FORCE)")
            await admin.close()
            throw error
        }
        await pool.close()
        try await admin.query("DROP DATABASE \(unescaped: database) WITH (FORCE)")
        await admin.close()
    }
}
