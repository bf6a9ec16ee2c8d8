import ArgumentParser
import Catalog
import Foundation
import Understanding

/// `jiri catalog check|tools|match`: validate the app catalog, export it as
/// JSON-Schema tools, and try the matcher on an utterance.
struct CatalogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Check the app catalog, export its tools, try the matcher.",
        subcommands: [Check.self, Tools.self, Match.self]
    )

    static let defaultDirectory = "deploy/config/apps"

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Validate every catalog file; errors are printed as file:line: message.")

        @Argument(help: "The catalog directory.") var directory = CatalogCommand.defaultDirectory

        func run() async throws {
            let catalog = try CatalogCommand.load(directory)
            let matcher = IntentMatcher(catalog: catalog)
            for skipped in matcher.skippedPatterns {
                FileHandle.standardError.write(Data("warning: pattern matches nothing reliably and is ignored: \(skipped)\n".utf8))
            }
            let phrases = catalog.intents.reduce(0) { $0 + $1.phrases.count + $1.utterances.count }
            print("ok: \(catalog.apps.count) apps, \(catalog.intents.count) intents, \(phrases) phrases")
        }
    }

    struct Tools: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the catalog as OpenAI-style JSON-Schema tool definitions.")

        @Argument(help: "The catalog directory.") var directory = CatalogCommand.defaultDirectory

        func run() async throws {
            let catalog = try CatalogCommand.load(directory)
            print(try CatalogCommand.json(catalog.toolDefinitions()))
        }
    }

    struct Match: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the intent and slots the matcher finds in an utterance.")

        @Argument(help: "What the user said.") var utterance: String
        @Option(help: "The catalog directory.") var directory = CatalogCommand.defaultDirectory
        @Option(help: "The user's IANA time zone.") var timezone = "America/New_York"

        func run() async throws {
            guard let timeZone = TimeZone(identifier: timezone) else {
                throw ValidationError("unknown time zone '\(timezone)'")
            }
            let catalog = try CatalogCommand.load(directory)
            let matcher = IntentMatcher(catalog: catalog)
            guard let match = matcher.match(utterance, context: MatchContext(timeZone: timeZone, now: Date())) else {
                if let gist = catalog.intent(gistOf: utterance) {
                    let slots = matcher.labelledValues(in: utterance, for: gist)
                    let said = slots.isEmpty ? "" : ", with " + slots.keys.sorted().map { "\($0) \"\(slots[$0]?.stringValue ?? "")\"" }.joined(separator: ", ")
                    print("no phrasing matched; by its gist: \(gist.id)\(said) (heard when nothing else understood, no question open)")
                } else {
                    print("no intent")
                }
                return
            }
            struct Output: Encodable {
                var intent: String
                var confidence: Double
                var slots: [String: SlotValue]
            }
            print(try CatalogCommand.json(Output(
                intent: match.intent.id, confidence: (match.confidence * 1000).rounded() / 1000, slots: match.slots)))
        }
    }

    static func load(_ directory: String) throws -> Catalog {
        do {
            return try Catalog.load(directory: URL(fileURLWithPath: directory, isDirectory: true))
        } catch let error as CatalogError {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
