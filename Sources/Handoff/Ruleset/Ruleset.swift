import Foundation

/// An operator's handoff rules, validated and compiled for `HandoffEngine`.
///
/// Loading checks everything it can (unknown facts, operators and keys, types, regular
/// expressions, references to phrase lists and deep links, duplicate ids) and reports every
/// problem with its line; a ruleset that loads is safe to serve. The file format and the
/// decision semantics are documented in the header of `deploy/config/handoff-rules.yaml`.
public struct Ruleset: Sendable {
    /// The name of the phrase list behind `declinesVisual(_:)`.
    public static let declinedVisualPhraseList = "declined_visual"

    public var revision: String
    /// Where the text came from (a path or a label), used in messages.
    public let source: String
    /// The YAML exactly as loaded (what a publish stores).
    public let text: String
    /// The deep-link templates in file order; always includes `default`.
    public let deepLinks: [DeepLinkTemplate]
    /// The phrase lists in file order.
    public let phraseLists: [PhraseList]
    /// Every rule in file order within each stage: vetoes, then triggers, then delivery rules.
    public let rules: [Rule]

    let program: RulesetProgram

    /// A named list under `phrases:`.
    public struct PhraseList: Sendable, Hashable {
        public let name: String
        public let phrases: [String]
        public let line: Int
    }

    init(revision: String, source: String, text: String, deepLinks: [DeepLinkTemplate],
         phraseLists: [PhraseList], rules: [Rule], program: RulesetProgram) {
        self.revision = revision
        self.source = source
        self.text = text
        self.deepLinks = deepLinks
        self.phraseLists = phraseLists
        self.rules = rules
        self.program = program
    }

    /// Parses and compiles a rules file's text. `source` labels messages:
    /// `source:line: message`, one per problem.
    public static func parse(yaml: String, source: String) throws(RulesetError) -> Ruleset {
        var parser = RulesetParser(source: source)
        return try parser.parse(yaml)
    }

    /// Reads and parses a rules file (blocking file I/O: call it at start-up or off the event loop).
    public static func load(file: URL) throws(RulesetError) -> Ruleset {
        try parse(yaml: readText(of: file), source: file.path)
    }

    /// The rules of one stage, in evaluation order.
    public func rules(in stage: RuleStage) -> [Rule] {
        rules.filter { $0.stage == stage }
    }

    public func rule(id: String) -> Rule? {
        rules.first { $0.id == id }
    }

    public func deepLink(named name: String) -> DeepLinkTemplate? {
        deepLinks.first { $0.name == name }
    }

    public func phraseList(named name: String) -> PhraseList? {
        phraseLists.first { $0.name == name }
    }

    /// Whether `utterance` says "don't show me, just tell me", by the whole-word phrases of the
    /// `declined_visual` list (false when the ruleset has none). The pipeline ORs this with the
    /// session's memory to fill `HandoffFacts.userDeclinedVisual`.
    public func declinesVisual(_ utterance: String) -> Bool {
        guard let phrases = program.declinedVisual else { return false }
        return phrases.matches(program.vocabulary.wordIDs(in: utterance))
    }

    /// `declinesVisual(_:)` of the utterance `scan` was made from.
    public func declinesVisual(_ scan: UtteranceScan) -> Bool {
        guard let phrases = program.declinedVisual else { return false }
        return phrases.matches(scan.wordIDs)
    }

    /// The utterance's word ids, for `declinesVisual(_:)` and `HandoffEngine.decide(_:rolloutKey:utterance:)`;
    /// not read when neither looks at words.
    public func scan(_ utterance: String) -> UtteranceScan {
        guard program.scansWords || program.declinedVisual != nil else { return UtteranceScan(wordIDs: []) }
        return UtteranceScan(wordIDs: program.vocabulary.wordIDs(in: utterance))
    }

    static func readText(of file: URL) throws(RulesetError) -> String {
        do {
            return try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw RulesetError(source: file.path, line: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
    }
}
