import Catalog

/// How many words the catalog's phrasings ever give each free-text parameter ("{title:4}"):
/// an answer much longer than that to the parameter's question is a new request, not the
/// value ("remind Sam to do his chores at 5" to "How are you feeling?"). A parameter that some
/// phrasing leaves unbounded (Oppi's prompt) has no length: any answer can be its value.
struct AnswerLengths: Sendable {
    private var longest: [String: Int] = [:]

    init(catalog: Catalog) {
        for app in catalog.apps {
            var rules: [String: PhrasePattern] = [:]
            for (name, text) in app.rules { rules[name] = try? PhrasePattern.parseUtterance(text) }
            for intent in catalog.intents where intent.app == app.name {
                var bounds: [String: Bound] = [:]
                let patterns = intent.utterances.compactMap { try? PhrasePattern.parseUtterance($0).inliningRules(rules) }
                    + intent.phrases.compactMap { try? PhrasePattern.parseSwiftPhrase($0) }
                for pattern in patterns { Self.collect(pattern.elements, into: &bounds) }
                for parameter in intent.parameters {
                    guard case .string = parameter.type, case .words(let count)? = bounds[parameter.name] else { continue }
                    longest[Self.key(intent.id, parameter.name)] = count
                }
            }
        }
    }

    /// The most words a phrasing gives `parameter` of `intentID`, or nil when unbounded.
    func longest(_ parameter: String, of intentID: String) -> Int? {
        longest[Self.key(intentID, parameter)]
    }

    private static func key(_ intentID: String, _ parameter: String) -> String { "\(intentID).\(parameter)" }

    private enum Bound {
        case words(Int)
        case unbounded
    }

    private static func collect(_ elements: [PhrasePattern.Element], into bounds: inout [String: Bound]) {
        for element in elements {
            switch element {
            case .slot(let name, let maxTokens, _):
                switch (bounds[name], maxTokens) {
                case (.unbounded?, _): break
                case (_, nil): bounds[name] = .unbounded
                case (.words(let current)?, let limit?): bounds[name] = .words(max(current, limit))
                case (nil, let limit?): bounds[name] = .words(limit)
                }
            case .choice(let alternatives, _):
                for alternative in alternatives { collect(alternative, into: &bounds) }
            case .literal, .app, .rule, .pause:
                break
            }
        }
    }
}
