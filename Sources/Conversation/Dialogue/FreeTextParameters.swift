import Catalog

/// What the catalog's phrasings say of each free-text parameter, read once from the parsed
/// patterns (rules inlined):
/// - whether every phrasing bounds it ("{title:4}"): an answer to its question may then be a
///   new request ("remind Sam to do his chores at 5" to "How are you feeling?"), while an
///   unbounded one (Oppi's prompt) takes any answer as its value;
/// - the enums a phrasing limits it to ("{model:ModelName}"), whose cases a correction may
///   name ("actually use opus").
struct FreeTextParameters: Sendable {
    private var bounded: Set<String> = []
    private var spokenEnums: [String: [String]] = [:]

    init(catalog: Catalog) {
        for app in catalog.apps {
            var rules: [String: PhrasePattern] = [:]
            for (name, text) in app.rules { rules[name] = try? PhrasePattern.parseUtterance(text) }
            for intent in catalog.intents where intent.app == app.name {
                var shapes: [String: Shape] = [:]
                let patterns = intent.utterances.compactMap { try? PhrasePattern.parseUtterance($0).inliningRules(rules) }
                    + intent.phrases.compactMap { try? PhrasePattern.parseSwiftPhrase($0) }
                for pattern in patterns { Self.collect(pattern.elements, into: &shapes) }
                for parameter in intent.parameters {
                    guard case .string = parameter.type, let shape = shapes[parameter.name] else { continue }
                    let key = Self.key(intent.id, parameter.name)
                    if shape.bounded { bounded.insert(key) }
                    if !shape.enums.isEmpty { spokenEnums[key] = shape.enums }
                }
            }
        }
    }

    /// Whether every phrasing of `intentID` gives `parameter` a bounded number of words.
    func isBounded(_ parameter: String, of intentID: String) -> Bool {
        bounded.contains(Self.key(intentID, parameter))
    }

    /// The enums phrasings of `intentID` limit `parameter` to.
    func spokenEnums(of parameter: String, in intentID: String) -> [String] {
        spokenEnums[Self.key(intentID, parameter)] ?? []
    }

    private static func key(_ intentID: String, _ parameter: String) -> String { "\(intentID).\(parameter)" }

    private struct Shape {
        var bounded = true
        var enums: [String] = []
    }

    private static func collect(_ elements: [PhrasePattern.Element], into shapes: inout [String: Shape]) {
        for element in elements {
            switch element {
            case .slot(let name, let maxTokens, let spokenAs):
                var shape = shapes[name] ?? Shape()
                shape.bounded = shape.bounded && maxTokens != nil
                if let spokenAs, !shape.enums.contains(spokenAs) { shape.enums.append(spokenAs) }
                shapes[name] = shape
            case .choice(let alternatives, _):
                for alternative in alternatives { collect(alternative, into: &shapes) }
            case .literal, .app, .rule, .pause:
                break
            }
        }
    }
}
