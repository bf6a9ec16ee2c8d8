import ArgumentParser
import Foundation
import Handoff
import JiriServer
import LibPQ
import Logging
import Storage

/// `jiri rules publish | rollback | history | replay`: revisions in Postgres (DATABASE_URL).
extension RulesCommand {
    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a rules file as the active revision on every instance.",
            discussion: """
                Refuses a file that does not load, has check errors, or fails its test cases (every rule \
                must be covered). The revision id is the file's `revision:`; publishing the same text again \
                re-activates it, and a revision id already used by other text is refused. Running \
                instances switch within a few seconds.
                """
        )

        @Argument(help: "The rules file.") var file = RulesCommand.defaultFile
        @Option(help: "The test cases file (default: <rules>.tests.yaml beside the rules).") var tests: String?
        @Option(help: "Who publishes, for the audit log (default: JIRI_OPERATOR, else user@host).") var actor: String?

        func run() async throws {
            let rulesFile = URL(fileURLWithPath: file)
            let ruleset = try RulesCommand.verifiedForPublishing(rulesFile, tests: tests.map { URL(fileURLWithPath: $0) })
            let outcome = try await RulesCommand.withStore { try await $0.publish(ruleset, actor: RulesCommand.actor(actor)) }
            print(RulesCommand.describe(outcome))
        }
    }

    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Activate an earlier published revision on every instance.",
            discussion: """
                Without a revision, re-activates the one that was active before the current one (a second \
                rollback returns to where the first started). See `jiri rules history`.
                """
        )

        @Argument(help: "The revision to activate.") var revision: String?
        @Option(help: "Who rolls back, for the audit log (default: JIRI_OPERATOR, else user@host).") var actor: String?

        func run() async throws {
            let outcome = try await RulesCommand.withStore {
                try await $0.rollback(to: revision, actor: RulesCommand.actor(actor))
            }
            print(RulesCommand.describe(outcome))
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the active revision and recent publishes and rollbacks.")

        @Option(help: "How many entries.") var limit = 20

        func run() async throws {
            let (active, history) = try await RulesCommand.withStore { store in
                (try await store.activeRuleset(), try await store.history(limit: limit))
            }
            if let active {
                print("active: \(active.revision) (by \(active.activatedBy) at \(active.activatedAt.formatted(.iso8601)))")
            } else {
                print("active: none published; instances serve their rules file")
            }
            for entry in history {
                let verb = entry.action == .publish ? "publish " : "rollback"
                print("\(entry.at.formatted(.iso8601))  \(verb)  \(entry.previous ?? "-") → \(entry.revision)  by \(entry.actor)")
            }
        }
    }

    struct Replay: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Re-decide stored turns with a candidate rules file and show what would change.",
            discussion: """
                Streams the decided turns from Postgres (constant memory) and compares each stored decision \
                with the candidate's: the handoff rate before and after, the turns that flip between handoff \
                and voice, and per rule the turns it decides. Rollouts hash the session, as live turns do.
                """
        )

        @Option(help: "The candidate rules file.") var candidate: String
        @Option(help: "How far back: a duration (7d, 36h, 90m) or an ISO 8601 date; 'all' for every turn.")
        var since = "7d"
        @Option(help: "Replay at most this many turns.") var limit: Int?
        @Flag(help: "Print the report as JSON.") var json = false

        func validate() throws {
            if since != "all" {
                do {
                    _ = try ReplayWindow.start(since)
                } catch {
                    throw ValidationError("--since \(error)")
                }
            }
            if let limit, limit < 1 { throw ValidationError("--limit must be positive") }
        }

        func run() async throws {
            let ruleset = try RulesCommand.load(URL(fileURLWithPath: candidate))
            let start = since == "all" ? nil : try ReplayWindow.start(since)
            let report = try await RulesCommand.withPool { pool in
                try await StoredTurnReplay(pool: pool).run(candidate: ruleset, since: start, limit: limit)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(report), as: UTF8.self))
            } else {
                print(report.text)
            }
        }
    }
}

extension RulesCommand {
    /// Loads a rules file, printing its problems and failing when it does not load.
    static func load(_ file: URL) throws -> Ruleset {
        do {
            return try Ruleset.load(file: file)
        } catch {
            printToStandardError("\(error)")
            throw ExitCode.failure
        }
    }

    /// The ruleset, once it loads, has no check errors and passes every test case.
    static func verifiedForPublishing(_ rulesFile: URL, tests: URL?) throws -> Ruleset {
        let ruleset = try load(rulesFile)
        let errors = RulesLinter().check(rulesFile: rulesFile, testsFile: tests).filter { $0.severity == .error }
        guard errors.isEmpty else {
            errors.forEach { printToStandardError("\($0)") }
            printToStandardError("not published: \(errors.count) check error(s); see `jiri rules check`")
            throw ExitCode.failure
        }
        let report: RulesTestReport
        do {
            report = RulesTestRunner(ruleset: ruleset).run(
                try RulesTestSuite.load(file: tests ?? RulesTestSuite.file(besideRules: rulesFile))
            )
        } catch {
            printToStandardError("\(error)")
            printToStandardError("not published: the test cases do not load")
            throw ExitCode.failure
        }
        guard report.passed else {
            printToStandardError(report.text)
            printToStandardError("not published: the test cases fail or leave rules uncovered; see `jiri rules test`")
            throw ExitCode.failure
        }
        return ruleset
    }

    static func describe(_ outcome: ActivationOutcome) -> String {
        switch outcome {
        case .activated(let activation, let newRevision):
            let what = newRevision ? "published" : (activation.action == .publish ? "re-activated" : "rolled back to")
            return "\(what) \(activation.revision) (was \(activation.previous ?? "the rules file")); "
                + "running instances switch within a few seconds"
        case .alreadyActive(let revision):
            return "\(revision) is already active; nothing changed"
        }
    }

    static func actor(_ given: String?) -> String {
        if let given, !given.isEmpty { return given }
        let environment = ProcessInfo.processInfo.environment
        if let named = environment["JIRI_OPERATOR"], !named.isEmpty { return named }
        return "\(ProcessInfo.processInfo.userName)@\(ProcessInfo.processInfo.hostName)"
    }

    static func withStore<T: Sendable>(_ body: (RulesetStore) async throws -> T) async throws -> T {
        try await withPool { try await body(RulesetStore(pool: $0)) }
    }

    /// A one-connection pool on DATABASE_URL, closed afterwards; store errors become one line.
    static func withPool<T: Sendable>(_ body: (PostgresPool) async throws -> T) async throws -> T {
        guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else {
            throw ValidationError("configuration: DATABASE_URL is not set")
        }
        let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maxConnections: 1,
                                logger: Logger(label: "jiri.rules"))
        do {
            let value = try await body(pool)
            await pool.close()
            return value
        } catch let error as RulesetStoreError {
            await pool.close()
            printToStandardError("error: \(error)")
            throw ExitCode.failure
        } catch {
            await pool.close()
            throw error
        }
    }
}

private func printToStandardError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
