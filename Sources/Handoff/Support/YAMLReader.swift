import Foundation
import Yams

/// Reads operator-written YAML strictly, collecting every problem with its line instead of
/// stopping at the first: unknown or repeated keys, wrong shapes and wrong scalar types.
///
/// Scalars are read as text and typed by what the reader expects, never by YAML 1.1 guessing,
/// so a surface called `on` stays a string and `0700` stays text where text is wanted.
struct YAMLReader {
    let source: String
    private(set) var problems: [RulesetError.Problem] = []

    init(source: String) {
        self.source = source
    }

    /// A mapping's entries in file order, with their key lines.
    struct Mapping {
        struct Entry {
            let key: String
            let line: Int
            let value: Node
        }

        let entries: [Entry]
        let line: Int

        subscript(key: String) -> Node? {
            entries.first { $0.key == key }?.value
        }

        func line(of key: String) -> Int {
            entries.first { $0.key == key }?.line ?? line
        }
    }

    var hasProblems: Bool { !problems.isEmpty }

    func error() -> RulesetError? {
        // Sorted by line (stably), so a file's problems read top to bottom.
        problems.isEmpty ? nil : RulesetError(source: source, problems: problems.sorted { $0.line < $1.line })
    }

    mutating func fail(_ line: Int, _ message: String) {
        problems.append(.init(line: line, message: message))
    }

    static func line(of node: Node) -> Int {
        node.mark?.line ?? 0
    }

    /// The document's root, or nil (with a problem) for invalid or empty YAML.
    mutating func root(of text: String) -> Node? {
        do {
            guard let root = try Yams.compose(yaml: text) else {
                fail(0, "the file is empty")
                return nil
            }
            return root
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
                 .composer(_, let problem, let mark, _):
                fail(mark.line, "invalid YAML: \(problem)")
            default:
                fail(0, "invalid YAML: \(error)")
            }
        } catch {
            fail(0, "invalid YAML: \(error)")
        }
        return nil
    }

    /// `node` as a mapping with string keys, each allowed, none repeated.
    mutating func mapping(_ node: Node, _ what: String, allowedKeys: [String]? = nil) -> Mapping? {
        guard let mapping = node.mapping else {
            fail(Self.line(of: node), "\(what) must be a mapping")
            return nil
        }
        var entries: [Mapping.Entry] = []
        for (keyNode, value) in mapping {
            let line = Self.line(of: keyNode)
            guard let key = keyNode.scalar?.string else {
                fail(line, "\(what) has a key that is not a string")
                continue
            }
            if entries.contains(where: { $0.key == key }) {
                fail(line, "\(what) repeats the key '\(key)'")
                continue
            }
            if let allowedKeys, !allowedKeys.contains(key) {
                fail(line, "\(what) has an unknown key '\(key)'\(Self.suggestion(for: key, among: allowedKeys))")
                continue
            }
            entries.append(.init(key: key, line: line, value: value))
        }
        return Mapping(entries: entries, line: Self.line(of: node))
    }

    mutating func sequence(_ node: Node, _ what: String) -> [Node]? {
        guard let sequence = node.sequence else {
            fail(Self.line(of: node), "\(what) must be a list")
            return nil
        }
        return Array(sequence)
    }

    /// A scalar as text (a mapping or list is a problem).
    mutating func string(_ node: Node, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            fail(Self.line(of: node), "\(what) must be a single value, not a list or mapping")
            return nil
        }
        return scalar.string
    }

    /// A non-empty scalar.
    mutating func nonEmptyString(_ node: Node, _ what: String) -> String? {
        guard let text = string(node, what) else { return nil }
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            fail(Self.line(of: node), "\(what) must not be empty")
            return nil
        }
        return text
    }

    mutating func boolean(_ node: Node, _ what: String) -> Bool? {
        guard let text = string(node, what) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default:
            fail(Self.line(of: node), "\(what) must be true or false, not '\(text)'")
            return nil
        }
    }

    mutating func integer(_ node: Node, _ what: String) -> Int? {
        guard let text = string(node, what) else { return nil }
        guard let value = Int(text) else {
            fail(Self.line(of: node), "\(what) must be a whole number, not '\(text)'")
            return nil
        }
        return value
    }

    mutating func number(_ node: Node, _ what: String) -> Double? {
        guard let text = string(node, what) else { return nil }
        guard let value = Double(text), value.isFinite else {
            fail(Self.line(of: node), "\(what) must be a number, not '\(text)'")
            return nil
        }
        return value
    }

    /// One of `choices`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ node: Node, _ what: String, as type: Choice.Type
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(node, what) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            fail(Self.line(of: node), "\(what) must be one of \(choices), not '\(text)'")
            return nil
        }
        return value
    }

    /// A scalar typed as `fact` expects; unquoted `null` or `~` is absence.
    mutating func factValue(_ node: Node, for fact: HandoffFact) -> FactValue? {
        guard let scalar = node.scalar else {
            fail(Self.line(of: node), "a value for \(fact.name) must be a single value, not a list or mapping")
            return nil
        }
        let line = Self.line(of: node)
        if scalar.style == .plain, ["null", "Null", "NULL", "~", ""].contains(scalar.string) {
            guard fact.isOptional else {
                fail(line, "\(fact.name) is always present and cannot be null")
                return nil
            }
            return .null
        }
        if fact.kind == .text {
            return .text(scalar.string)
        }
        guard let value = fact.value(parsing: scalar.string), value != .null else {
            fail(line, "a value for \(fact.name) must be \(fact.kind.article), not '\(scalar.string)'")
            return nil
        }
        return value
    }

    /// A "did you mean" hint for a misspelt name, when one candidate is close.
    static func suggestion(for name: String, among candidates: [String]) -> String {
        let scored = candidates.map { (candidate: $0, distance: editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
              best.distance <= max(2, name.count / 4) else { return "" }
        return " (did you mean '\(best.candidate)'?)"
    }

    private static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let lhs = Array(lhs), rhs = Array(rhs)
        var previous = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var current = [i + 1]
            for (j, right) in rhs.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[rhs.count]
    }
}
