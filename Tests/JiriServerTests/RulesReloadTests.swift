import Conversation
import Foundation
import Handoff
import HummingbirdTesting
import JiriAPI
import JiriServer
import JiriTestSupport
import LibPQ
import Storage
import Testing

/// Hot reload against real Postgres and Redis: a publish or rollback reaches every running
/// instance within 5 s, a ruleset that does not load is refused, and a rules file reloads on
/// change or SIGHUP.
@Suite(.serialized) struct RulesReloadTests {
    /// How long an instance may take to serve a new revision (the contract), and how often
    /// the tests look.
    static let deadline = Duration.seconds(5)

    /// Waits until `condition` holds, for at most `deadline`; how long it took.
    @discardableResult
    static func eventually(within deadline: Duration = deadline, sourceLocation: SourceLocation = #_sourceLocation,
                           _ condition: () async throws -> Bool) async throws -> Duration {
        let start = ContinuousClock.now
        while ContinuousClock.now - start < deadline {
            if try await condition() { return ContinuousClock.now - start }
            try await Task.sleep(for: .milliseconds(50))
        }
        let held = try await condition()
        #expect(held, "not within \(deadline)", sourceLocation: sourceLocation)
        return ContinuousClock.now - start
    }

    /// Two running instances (each with its own pools and reloader) on one database and Redis.
    static func withTwoInstances(
        _ database: RulesScratchDatabase,
        _ body: @Sendable (_ first: (any TestClientProtocol, JiriComponents), _ second: (any TestClientProtocol, JiriComponents)) async throws -> Void
    ) async throws {
        try await TestHarness.withApp(database.configuration()) { firstClient, firstComponents in
            try await TestHarness.withApp(database.configuration()) { secondClient, secondComponents in
                try await body((firstClient, firstComponents), (secondClient, secondComponents))
            }
        }
    }

    @Test func aPublishOnOneInstanceIsServedByTheOtherWithinFiveSeconds() async throws {
        try await RulesScratchDatabase.with { database in
            try await Self.withTwoInstances(database) { first, second in
                let fileRevision = try RulesFixtures.defaultRuleset().revision
                #expect(second.1.rules.revision == fileRevision)
                let candidate = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("hot"), [RulesFixtures.longListsFromTwenty])
                _ = try await RulesetStore(pool: first.1.postgres).publish(candidate, actor: "alice")

                let took = try await Self.eventually { second.1.rules.revision == candidate.revision }
                print("publish reached the second instance in \(took)")
                try await Self.eventually { first.1.rules.revision == candidate.revision }
                let turn = try await second.0.decodedTurn("show me my calendar")
                #expect(turn.handoff?.rulesetRevision == candidate.revision)
                let status = second.1.rulesReloader.status
                #expect(status.origin == .published(try #require(try await database.store.activeRuleset())))
                #expect(status.lastError == nil)
            }
        }
    }

    @Test func aRollbackReachesEveryInstance() async throws {
        try await RulesScratchDatabase.with { database in
            let r1 = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("r1"))
            let r2 = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("r2"), [RulesFixtures.longListsFromTwenty])
            _ = try await database.store.publish(r1, actor: "alice")
            _ = try await database.store.publish(r2, actor: "alice")
            try await Self.withTwoInstances(database) { first, second in
                #expect(first.1.rules.revision == r2.revision)
                #expect(second.1.rules.revision == r2.revision)
                #expect(try await database.store.rollback(actor: "bob").revision == r1.revision)
                try await Self.eventually { first.1.rules.revision == r1.revision && second.1.rules.revision == r1.revision }
                let turn = try await first.0.decodedTurn("show me my calendar")
                #expect(turn.handoff?.rulesetRevision == r1.revision)
            }
        }
    }

    @Test func anInstanceStartsWithThePublishedRevisionNotTheFile() async throws {
        try await RulesScratchDatabase.with { database in
            let published = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("start"))
            _ = try await database.store.publish(published, actor: "alice")
            try await TestHarness.withApp(database.configuration()) { http, components in
                #expect(components.rules.revision == published.revision)
                let turn = try await http.decodedTurn("show me my calendar")
                #expect(turn.handoff?.rulesetRevision == published.revision)
            }
        }
    }

    @Test func aPublishedRevisionThatDoesNotLoadIsRefusedAndThePreviousStays() async throws {
        try await RulesScratchDatabase.with { database in
            let good = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("good"))
            _ = try await database.store.publish(good, actor: "alice")
            try await TestHarness.withApp(database.configuration()) { http, components in
                #expect(components.rules.revision == good.revision)
                // As a newer release could publish rules this one cannot read (the store itself
                // takes any text; `jiri rules publish` validates before publishing).
                let broken = try RulesFixtures.candidateText(revision: "broken", [("eq: true}", "equals: true}")])
                _ = try await database.store.publish(revision: "broken", source: broken, actor: "mallory")

                try await Self.eventually { components.rulesReloader.status.lastError != nil }
                let status = components.rulesReloader.status
                #expect(status.lastError?.contains("equals") == true)
                #expect(components.rules.revision == good.revision)
                #expect(try await http.decodedTurn("show me my calendar").handoff?.rulesetRevision == good.revision)

                let fixed = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("fixed"))
                _ = try await database.store.publish(fixed, actor: "alice")
                try await Self.eventually { components.rules.revision == fixed.revision }
                #expect(components.rulesReloader.status.lastError == nil)
            }
        }
    }

    @Test func aPostgresOutageKeepsTheServedRulesAndShowsUntilItEnds() async throws {
        try await withPrivatePostgres { postgres in
            let pool = PostgresPool(configuration: postgres.configuration, maxConnections: 1, logger: RulesFixtures.logger)
            _ = try await Migrator(pool: pool, directory: TestEnvironment.repositoryRoot.appendingPathComponent("migrations"),
                                   logger: RulesFixtures.logger).migrate()
            let published = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("outage"))
            _ = try await RulesetStore(pool: pool).publish(published, actor: "alice")
            await pool.close()

            try await TestHarness.withApp(TestHarness.configuration(databaseURL: postgres.url)) { _, components in
                #expect(components.rules.revision == published.revision)
                try await postgres.pause()
                try await Self.eventually { components.rulesReloader.status.pollError != nil }
                #expect(components.rules.revision == published.revision)
                #expect(components.rulesReloader.status.lastError == nil)
                try await postgres.resume()
                try await Self.eventually(within: .seconds(10)) { components.rulesReloader.status.pollError == nil }
                #expect(components.rules.revision == published.revision)
            }
        }
    }

    @Test func aChangedRulesFileIsReloadedAndABrokenOneRefused() async throws {
        try await RulesScratchDatabase.with { database in
            try await withRulesFileCopy { file in
                var configuration = database.configuration()
                configuration.rulesFile = file.path
                try await TestHarness.withApp(configuration) { http, components in
                    let edited = try RulesFixtures.candidateText(revision: RulesFixtures.uniqueRevision("file"))
                    try edited.write(to: file, atomically: true, encoding: .utf8)
                    let revision = try Ruleset.parse(yaml: edited, source: "edited").revision
                    try await Self.eventually { components.rules.revision == revision }
                    #expect(components.rulesReloader.status.origin == .file(path: file.path))

                    try "revision: broken\ntrigger: [".write(to: file, atomically: true, encoding: .utf8)
                    try await Self.eventually { components.rulesReloader.status.lastError != nil }
                    #expect(components.rules.revision == revision)
                    #expect(try await http.decodedTurn("show me my calendar").handoff?.rulesetRevision == revision)
                }
            }
        }
    }

    @Test func sighupReloadsTheRulesFileAtOnce() async throws {
        try await RulesScratchDatabase.with { database in
            try await withRulesFileCopy { file in
                let provider = RulesProvider(try Ruleset.load(file: file))
                // Polls once an hour: only the signal can make it look at the file in time.
                let reloader = RulesReloader(provider: provider, store: database.store, rulesFile: file,
                                             pollInterval: .seconds(3_600), logger: RulesFixtures.logger)
                let running = Task { try await reloader.run() }
                defer { running.cancel() }
                try await Self.eventually { reloader.status.checkedAt != nil }

                let edited = try RulesFixtures.candidateText(revision: RulesFixtures.uniqueRevision("hup"))
                try edited.write(to: file, atomically: true, encoding: .utf8)
                try await Task.sleep(for: .milliseconds(200))
                #expect(provider.revision != (try Ruleset.parse(yaml: edited, source: "edited").revision))
                kill(getpid(), SIGHUP)
                let expected = try Ruleset.parse(yaml: edited, source: "edited").revision
                try await Self.eventually(within: .seconds(2)) { provider.revision == expected }
            }
        }
    }

    /// A copy of the default rules file in a directory of its own, removed afterwards.
    private func withRulesFileCopy(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("handoff-rules.yaml")
        try FileManager.default.copyItem(at: RulesFixtures.rulesFile, to: file)
        try await body(file)
    }
}
