/// A phrase an intent answers to, parsed from either of the two catalog spellings.
///
/// App Shortcut phrases are kept exactly as Swift writes them:
/// `"Ask \(.applicationName) \(\.$prompt)"`. Jiri's own utterances use a small
/// pattern language:
///
/// | syntax        | meaning                                                    |
/// |---------------|------------------------------------------------------------|
/// | `word`        | the word (lexed like speech: `what's` is `what is`)        |
/// | `(a\|b c)`    | one of the alternatives                                    |
/// | `[a\|b]`      | optionally one of the alternatives                         |
/// | `{param}`     | a value for the parameter; `{param:3}` at most three words |
/// | `{param:Enum}` | a value for the parameter spoken as a case of the app's enum |
/// | `<app>`       | the app's name or one of its aliases                       |
/// | `<rule>`      | the app's rule of that name, inlined                       |
/// | `,`           | a pause: a comma, colon or full stop the recogniser wrote  |
public struct PhrasePattern: Sendable, Hashable {
    public indirect enum Element: Sendable, Hashable {
        /// One or more words as written.
        case literal(String)
        /// A parameter value; `maxTokens` bounds free text and entity mentions. With
        /// `spokenAs`, a text or entity value is only one of that enum's spoken cases:
        /// "I took my {nag:NagCategory}" reads "I took my meds" but not "I took my time".
        case slot(name: String, maxTokens: Int?, spokenAs: String? = nil)
        /// The app's spoken name.
        case app
        /// An app rule, inlined when compiled.
        case rule(String)
        /// A pause in what the user said, written as punctuation ("sunday coffee, happy").
        case pause
        /// One of `alternatives`, or nothing when `optional`.
        case choice(alternatives: [[Element]], optional: Bool)
    }

    public var elements: [Element]

    public init(elements: [Element]) {
        self.elements = elements
    }

    /// Every parameter the pattern names, in order of first appearance.
    public var slotNames: [String] {
        var names: [String] = []
        Self.visit(elements) { element in
            if case .slot(let name, _, _) = element, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Every enum a slot is spoken as (`{nag:NagCategory}`).
    public var spokenEnumNames: [String] {
        var names: [String] = []
        Self.visit(elements) { element in
            if case .slot(_, _, let spokenAs?) = element, !names.contains(spokenAs) { names.append(spokenAs) }
        }
        return names
    }

    /// Every rule the pattern references.
    public var ruleNames: [String] {
        var names: [String] = []
        Self.visit(elements) { element in
            if case .rule(let name) = element, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The pattern with every `<rule>` replaced by its definition, rules inside
    /// rules included. The loader rejects cycles; past a depth of eight a rule
    /// is left as it is.
    public func inliningRules(_ rules: [String: PhrasePattern]) -> PhrasePattern {
        PhrasePattern(elements: Self.inline(elements, rules, depth: 0))
    }

    /// True when every match must contain a literal word or the app's name, so the
    /// pattern cannot match arbitrary text.
    public var hasRequiredAnchor: Bool {
        Self.sequenceHasAnchor(elements)
    }

    private static func sequenceHasAnchor(_ elements: [Element]) -> Bool {
        elements.contains { element in
            switch element {
            case .literal, .app: true
            case .slot, .rule, .pause: false
            case .choice(let alternatives, let optional):
                !optional && alternatives.allSatisfy(sequenceHasAnchor)
            }
        }
    }

    private static func inline(_ elements: [Element], _ rules: [String: PhrasePattern], depth: Int) -> [Element] {
        elements.flatMap { element -> [Element] in
            switch element {
            case .rule(let name):
                guard depth < 8, let rule = rules[name] else { return [element] }
                return inline(rule.elements, rules, depth: depth + 1)
            case .choice(let alternatives, let optional):
                return [.choice(alternatives: alternatives.map { inline($0, rules, depth: depth) }, optional: optional)]
            case .literal, .slot, .app, .pause:
                return [element]
            }
        }
    }

    private static func visit(_ elements: [Element], _ body: (Element) -> Void) {
        for element in elements {
            body(element)
            if case .choice(let alternatives, _) = element {
                for alternative in alternatives { visit(alternative, body) }
            }
        }
    }
}

/// A syntax error in a phrase or utterance pattern.
public struct PatternSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// 1-based character offset in the pattern.
    public var column: Int

    public init(_ message: String, column: Int) {
        self.message = message
        self.column = column
    }

    public var description: String { "\(message) (at character \(column))" }
}
