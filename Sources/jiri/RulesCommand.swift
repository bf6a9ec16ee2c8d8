import ArgumentParser
import Foundation
import Handoff

/// `jiri rules …`: the operator tools for the handoff rules file.
struct RulesCommand: AsyncParsableCommand {
    static let defaultFile = "deploy/config/handoff-rules.yaml"

    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Check, test, explain, replay, publish and roll back the handoff rules.",
        subcommands: [Check.self, Test.self, Explain.self, Replay.self, Publish.self, Rollback.self, History.self]
    )
}

extension RulesCommand {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lint a rules file: load errors, unreachable or shadowed rules, deep links without "
                + "{session_id}, rules without test cases.",
            discussion: "Exits 1 when there is an error (or, with --strict, a warning)."
        )

        @Argument(help: "The rules file.") var file = RulesCommand.defaultFile
        @Option(help: "The test cases file (default: <rules>.tests.yaml beside the rules).") var tests: String?
        @Flag(help: "Fail on warnings too.") var strict = false

        func run() async throws {
            let findings = RulesLinter().check(
                rulesFile: URL(fileURLWithPath: file), testsFile: tests.map { URL(fileURLWithPath: $0) }
            )
            findings.forEach { print($0) }
            let errors = findings.count { $0.severity == .error }
            let warnings = findings.count { $0.severity == .warning }
            print("\(file): \(errors) error(s), \(warnings) warning(s)")
            if errors > 0 || (strict && warnings > 0) {
                throw ExitCode.failure
            }
        }
    }

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the test cases beside a rules file and report coverage per rule.",
            discussion: "Exits 1 when a case fails or a rule is not exercised by any case."
        )

        @Argument(help: "The rules file.") var file = RulesCommand.defaultFile
        @Option(help: "The test cases file (default: <rules>.tests.yaml beside the rules).") var tests: String?

        func run() async throws {
            let rulesFile = URL(fileURLWithPath: file)
            let report: RulesTestReport
            do {
                let ruleset = try Ruleset.load(file: rulesFile)
                let suite = try RulesTestSuite.load(
                    file: tests.map { URL(fileURLWithPath: $0) } ?? RulesTestSuite.file(besideRules: rulesFile)
                )
                report = RulesTestRunner(ruleset: ruleset).run(suite)
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
            print(report.text)
            if !report.passed {
                throw ExitCode.failure
            }
        }
    }

    struct Explain: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decide one utterance in a given context and show every rule's result.",
            discussion: """
                The utterance's declined_visual phrases set user.declined_visual, as in a live turn. \
                Any other fact can be set with --fact, e.g. --fact result.item_count=12.
                """
        )

        @Option(help: "What the user said.") var text: String
        @Option(help: "The device surface: phone, ipad, mac, watch, carplay or homepod.") var device = "phone"
        @Option(help: "The intent id, e.g. nagz.ListNagsIntent (its app is the part before the dot).") var intent: String?
        @Option(help: "The intent status: completed, needs_value, needs_confirmation, failed or handed_off.")
        var status: String?
        @Flag(help: "The intent runs in the foreground (openAppWhenRun).") var foreground = false
        @Flag(help: "The intent has sensitive parameters.") var sensitive = false
        @Flag(help: "The device is locked.") var locked = false
        @Flag(help: "The user declined the screen earlier in the session.") var declined = false
        @Option(name: .customLong("fact"), help: ArgumentHelp("Set any fact.", valueName: "name=value"))
        var facts: [String] = []
        @Option(help: "The session id, for sticky rollouts.") var session = "explain"
        @Option(help: "The principal, for rollouts by principal.") var principal: String?
        @Flag(help: "Print the decision and its trace as JSON.") var json = false
        @Argument(help: "The rules file.") var file = RulesCommand.defaultFile

        func validate() throws {
            let surfaces = HandoffFact.deviceSurface.knownValues ?? []
            guard surfaces.contains(device) else {
                throw ValidationError("--device must be one of \(surfaces.joined(separator: ", "))")
            }
            _ = try handoffFacts(declines: { _ in false })
        }

        func run() async throws {
            let ruleset: Ruleset
            do {
                ruleset = try Ruleset.load(file: URL(fileURLWithPath: file))
            } catch {
                printError("\(error)")
                throw ExitCode.failure
            }
            let facts = try handoffFacts(declines: ruleset.declinesVisual)
            let decision = HandoffEngine(ruleset: ruleset)
                .explain(facts, rollout: RolloutKeys(session: session, principal: principal))
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(decision), as: UTF8.self))
            } else {
                print(decision.explanation)
            }
        }

        private func handoffFacts(declines: (String) -> Bool) throws -> HandoffFacts {
            var facts = HandoffFacts(
                utteranceText: text,
                intentID: intent,
                intentApp: intent.flatMap { $0.split(separator: ".").first.map(String.init) },
                intentStatus: status,
                intentForeground: foreground,
                intentSensitive: sensitive,
                deviceSurface: device,
                deviceLocked: locked
            )
            for assignment in self.facts {
                let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let fact = HandoffFact(name: parts[0]) else {
                    throw ValidationError("--fact \(assignment): expected name=value with a fact name "
                        + "(\(HandoffFact.allCases.map(\.name).joined(separator: ", ")))")
                }
                guard let value = fact.value(parsing: parts[1]), fact.assign(value, to: &facts) else {
                    throw ValidationError("--fact \(assignment): \(fact.name) must be \(fact.kind.article)")
                }
            }
            facts.userDeclinedVisual = facts.userDeclinedVisual || declined || declines(text)
            return facts
        }
    }
}

private func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
