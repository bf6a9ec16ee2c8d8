import Foundation
import Handoff
import HTTPTypes
import JiriServer
import JiriTestSupport
import LibPQ
import Logging
import NIOPosix
import Storage
import Testing

/// Rules files, candidates and scratch databases shared by the Rules*Tests suites.
enum RulesFixtures {
    static let rulesFile = TestEnvironment.repositoryRoot.appendingPathComponent("deploy/config/handoff-rules.yaml")
    static let testsFile = TestEnvironment.repositoryRoot.appendingPathComponent("deploy/config/handoff-rules.tests.yaml")

    static func defaultText() throws -> String {
        try String(contentsOf: rulesFile, encoding: .utf8)
    }

    static func defaultRuleset() throws -> Ruleset {
        try Ruleset.load(file: rulesFile)
    }

    /// The default rules with a new revision id and each `(old, new)` edit applied; an edit
    /// that finds nothing to replace fails the test, so a candidate never silently equals the
    /// default.
    static func candidateText(revision: String, _ edits: [(String, String)] = [],
                              sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var text = try defaultText()
        let current = try defaultRuleset().revision
        try #require(text.contains("revision: \"\(current)\""), sourceLocation: sourceLocation)
        text = text.replacingOccurrences(of: "revision: \"\(current)\"", with: "revision: \"\(revision)\"")
        for (old, new) in edits {
            try #require(text.contains(old), "the default rules no longer contain \(old)", sourceLocation: sourceLocation)
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    static func candidate(revision: String, _ edits: [(String, String)] = [],
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> Ruleset {
        try Ruleset.parse(yaml: candidateText(revision: revision, edits, sourceLocation: sourceLocation),
                          source: "candidate \(revision)")
    }

    /// The long-result-list trigger raised from 8 items to 20.
    static let longListsFromTwenty = ("when: {fact: result.item_count, gte: 8}", "when: {fact: result.item_count, gte: 20}")

    static func uniqueRevision(_ label: String) -> String {
        "\(label)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    static let logger: Logger = {
        var logger = Logger(label: "jiri.rules-tests")
        logger.logLevel = .warning
        return logger
    }()
}

/// A migrated database of its own on the shared Postgres (`active_ruleset` is one row per
/// database, so tests that publish must not share one), dropped afterwards. The suites that use
/// it run their tests one at a time and keep few connections: the shared server's connection
/// limit is shared with everyone's tests.
struct RulesScratchDatabase: Sendable {
    static let connections = 2

    let url: String
    let pool: PostgresPool

    static func with(_ body: (RulesScratchDatabase) async throws -> Void) async throws {
        // libpq blocks a thread per statement in flight, and statements here wait on each
        // other's locks: a thread per connection, never the process-wide pool.
        let threads = NIOThreadPool(numberOfThreads: connections + 1)
        threads.start()
        let name = ScratchDatabaseName.make("jiri_rules")
        var components = try #require(URLComponents(string: TestEnvironment.databaseURL))
        components.path = "/" + name
        var configuration = try PostgresConfiguration(url: TestEnvironment.databaseURL)
        configuration.database = name
        let pool = PostgresPool(configuration: configuration, maxConnections: connections, threadPool: threads,
                                logger: RulesFixtures.logger)
        let scratch = RulesScratchDatabase(url: try #require(components.string), pool: pool)
        do {
            try await withAdministration(threads) { await ScratchDatabaseName.sweepAbandoned(on: $0) }
            try await administer(threads, "CREATE DATABASE \(name)")
            _ = try await Migrator(pool: pool, directory: TestEnvironment.repositoryRoot.appendingPathComponent("migrations"),
                                   logger: RulesFixtures.logger).migrate()
            try await body(scratch)
        } catch {
            await scratch.drop(threads)
            throw error
        }
        await scratch.drop(threads)
    }

    private func drop(_ threads: NIOThreadPool) async {
        await pool.close()
        try? await Self.administer(threads, "DROP DATABASE IF EXISTS \(pool.configuration.database) WITH (FORCE)")
        try? await threads.shutdownGracefully()
    }

    /// One statement on the shared server's own database, on a connection of its own.
    private static func administer(_ threads: NIOThreadPool, _ sql: String) async throws {
        try await withAdministration(threads) { _ = try await $0.query(PostgresQuery(sql: sql)) }
    }

    private static func withAdministration(_ threads: NIOThreadPool, _ body: (PostgresConnection) async throws -> Void) async throws {
        let admin = try await PostgresConnection.connect(configuration: try PostgresConfiguration(url: TestEnvironment.databaseURL),
                                                         threadPool: threads, logger: RulesFixtures.logger)
        do {
            try await body(admin)
        } catch {
            await admin.close()
            throw error
        }
        await admin.close()
    }

    var store: RulesetStore { RulesetStore(pool: pool) }

    /// The server configuration of an instance on this database and the shared Redis.
    func configuration() -> ServerConfiguration {
        var configuration = TestHarness.configuration(databaseURL: url)
        configuration.postgresPoolSize = 4
        return configuration
    }
}

extension HTTPFields {
    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }
}
