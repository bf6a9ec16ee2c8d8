import Yams

/// A YAML node with the file it came from, and typed accessors that throw
/// `CatalogError`s pointing at the node's line.
struct YAMLValue {
    let node: Node
    let file: String

    var line: Int { node.mark?.line ?? 1 }
    var location: SourceLocation { SourceLocation(file: file, line: line) }

    func error(_ message: String) -> CatalogError {
        CatalogError(file: file, line: line, message: message)
    }

    /// Parses a whole document; an empty document is an error.
    static func document(yaml: String, file: String) throws -> YAMLValue {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw CatalogError(file: file, line: Self.line(of: error), message: "invalid YAML: \(Self.problem(of: error))")
        }
        guard let root else { throw CatalogError(file: file, line: 1, message: "empty catalog file") }
        return YAMLValue(node: root, file: file)
    }

    /// The entries of a mapping with string keys, checked against `allowed` keys
    /// (nil accepts any key) and for duplicates.
    func mapping(allowed: Set<String>? = nil, what: String) throws -> YAMLMapping {
        guard case .mapping(let mapping) = node else { throw error("\(what) must be a mapping") }
        var entries: [(key: String, keyLine: Int, value: YAMLValue)] = []
        var seen: Set<String> = []
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw YAMLValue(node: keyNode, file: file).error("keys of \(what) must be plain strings")
            }
            let keyLine = keyNode.mark?.line ?? line
            let key = scalar.string
            guard seen.insert(key).inserted else {
                throw CatalogError(file: file, line: keyLine, message: "duplicate key '\(key)' in \(what)")
            }
            if let allowed, !allowed.contains(key) {
                let known = allowed.sorted().joined(separator: ", ")
                throw CatalogError(file: file, line: keyLine, message: "unknown key '\(key)' in \(what) (known: \(known))")
            }
            entries.append((key, keyLine, YAMLValue(node: valueNode, file: file)))
        }
        return YAMLMapping(owner: self, entries: entries)
    }

    func sequence(what: String) throws -> [YAMLValue] {
        guard case .sequence(let sequence) = node else { throw error("\(what) must be a list") }
        return sequence.map { YAMLValue(node: $0, file: file) }
    }

    /// True for an explicit null (`~`, `null` or nothing), as opposed to the string "null".
    var isNull: Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func string(what: String) throws -> String {
        guard case .scalar(let scalar) = node, !isNull else { throw error("\(what) must be a string") }
        return scalar.string
    }

    func nonEmptyString(what: String) throws -> String {
        let text = try string(what: what)
        guard !text.allSatisfy(\.isWhitespace) else { throw error("\(what) must not be empty") }
        return text
    }

    func bool(what: String) throws -> Bool {
        guard case .scalar(let scalar) = node else { throw error("\(what) must be true or false") }
        switch scalar.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("\(what) must be true or false, not '\(scalar.string)'")
        }
    }

    func strings(what: String) throws -> [String] {
        try sequence(what: what).map { try $0.nonEmptyString(what: "each of \(what)") }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _):
            return mark.line
        default:
            return nil
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case .scanner(let context, let problem, _, _), .parser(let context, let problem, _, _),
             .composer(let context, let problem, _, _):
            return (context?.description ?? "") + problem
        default:
            return String(describing: error)
        }
    }
}

/// A mapping's entries in file order.
struct YAMLMapping {
    let owner: YAMLValue
    let entries: [(key: String, keyLine: Int, value: YAMLValue)]

    subscript(key: String) -> YAMLValue? {
        entries.first { $0.key == key }?.value
    }

    /// The value for a key that must be present.
    func required(_ key: String, in what: String) throws -> YAMLValue {
        guard let value = self[key] else { throw owner.error("\(what) is missing '\(key)'") }
        return value
    }

    /// The value for a key, treating an explicit null as absent.
    func optional(_ key: String) -> YAMLValue? {
        guard let value = self[key], !value.isNull else { return nil }
        return value
    }
}
