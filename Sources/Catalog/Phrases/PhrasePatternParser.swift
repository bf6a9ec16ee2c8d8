extension PhrasePattern {
    /// Parses an App Shortcut phrase in its Swift form: literal text with
    /// `\(.applicationName)` and `\(\.$parameter)` interpolations.
    public static func parseSwiftPhrase(_ phrase: String) throws(PatternSyntaxError) -> PhrasePattern {
        let characters = Array(phrase)
        var elements: [Element] = []
        var literal = ""
        var index = 0
        func flushLiteral() {
            if !literal.allSatisfy(\.isWhitespace) { elements.append(.literal(literal)) }
            literal = ""
        }
        while index < characters.count {
            guard characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "(" else {
                literal.append(characters[index])
                index += 1
                continue
            }
            guard let close = characters[(index + 2)...].firstIndex(of: ")") else {
                throw PatternSyntaxError("unterminated interpolation", column: index + 1)
            }
            let body = String(characters[(index + 2)..<close])
            flushLiteral()
            if body == ".applicationName" {
                elements.append(.app)
            } else if body.hasPrefix("\\.$"), Identifier.isMemberName(String(body.dropFirst(3))) {
                elements.append(.slot(name: String(body.dropFirst(3)), maxTokens: nil))
            } else {
                throw PatternSyntaxError(
                    "unsupported interpolation '\\(\(body))': use \\(.applicationName) or \\(\\.$parameter)",
                    column: index + 1)
            }
            index = close + 1
        }
        flushLiteral()
        guard !elements.isEmpty else { throw PatternSyntaxError("empty phrase", column: 1) }
        return PhrasePattern(elements: elements)
    }

    /// Parses one of Jiri's utterance patterns (see `PhrasePattern`).
    public static func parseUtterance(_ pattern: String) throws(PatternSyntaxError) -> PhrasePattern {
        var parser = UtteranceParser(characters: Array(pattern))
        let elements = try parser.parseSequence(closing: nil)
        guard !elements.isEmpty else { throw PatternSyntaxError("empty pattern", column: 1) }
        return PhrasePattern(elements: elements)
    }
}

private struct UtteranceParser {
    let characters: [Character]
    var index = 0

    init(characters: [Character]) {
        self.characters = characters
    }

    /// Parses up to `closing` (consumed) or the end when `closing` is nil; stops
    /// before a `|` inside a group.
    mutating func parseSequence(closing: Character?) throws(PatternSyntaxError) -> [PhrasePattern.Element] {
        var elements: [PhrasePattern.Element] = []
        var literal = ""
        func flushLiteral() {
            let words = literal.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !words.isEmpty { elements.append(.literal(words)) }
            literal = ""
        }
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "(", "[":
                flushLiteral()
                index += 1
                let alternatives = try parseAlternatives(closing: character == "(" ? ")" : "]")
                elements.append(.choice(alternatives: alternatives, optional: character == "["))
            case ")", "]", "|":
                guard closing != nil else {
                    throw PatternSyntaxError("unexpected '\(character)'", column: index + 1)
                }
                flushLiteral()
                return elements
            case "{":
                flushLiteral()
                elements.append(try parseSlot())
            case "<":
                flushLiteral()
                elements.append(try parseReference())
            case ",":
                flushLiteral()
                elements.append(.pause)
                index += 1
            case "}", ">":
                throw PatternSyntaxError("unexpected '\(character)'", column: index + 1)
            default:
                literal.append(character)
                index += 1
            }
        }
        if let closing {
            throw PatternSyntaxError("missing '\(closing)'", column: characters.count)
        }
        flushLiteral()
        return elements
    }

    private mutating func parseAlternatives(closing: Character) throws(PatternSyntaxError) -> [[PhrasePattern.Element]] {
        let open = index
        var alternatives: [[PhrasePattern.Element]] = []
        while true {
            let alternative = try parseSequence(closing: closing)
            guard !alternative.isEmpty else {
                throw PatternSyntaxError("empty alternative", column: index + 1)
            }
            alternatives.append(alternative)
            guard index < characters.count else {
                throw PatternSyntaxError("missing '\(closing)'", column: open)
            }
            let separator = characters[index]
            index += 1
            if separator == closing { return alternatives }
            guard separator == "|" else {
                throw PatternSyntaxError("expected '|' or '\(closing)', found '\(separator)'", column: index)
            }
        }
    }

    private mutating func parseSlot() throws(PatternSyntaxError) -> PhrasePattern.Element {
        let start = index
        let body = try readUntil("}")
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard Identifier.isMemberName(name) else {
            throw PatternSyntaxError("bad parameter name '\(name)'", column: start + 1)
        }
        guard parts.count <= 2 else { throw PatternSyntaxError("bad slot '{\(body)}'", column: start + 1) }
        if parts.count == 2 {
            if let first = parts[1].first, first.isUppercase, Identifier.isMemberName(String(parts[1])) {
                return .slot(name: name, maxTokens: nil, spokenAs: String(parts[1]))
            }
            guard let limit = Int(parts[1]), limit > 0 else {
                throw PatternSyntaxError("bad word limit in '{\(body)}'", column: start + 1)
            }
            return .slot(name: name, maxTokens: limit)
        }
        return .slot(name: name, maxTokens: nil)
    }

    private mutating func parseReference() throws(PatternSyntaxError) -> PhrasePattern.Element {
        let start = index
        let name = try readUntil(">")
        guard Identifier.isMemberName(name) else {
            throw PatternSyntaxError("bad reference '<\(name)>'", column: start + 1)
        }
        return name == "app" ? .app : .rule(name)
    }

    /// Reads the text after the opening character up to `terminator`, consuming both.
    private mutating func readUntil(_ terminator: Character) throws(PatternSyntaxError) -> String {
        let start = index
        index += 1
        var body = ""
        while index < characters.count, characters[index] != terminator {
            body.append(characters[index])
            index += 1
        }
        guard index < characters.count else {
            throw PatternSyntaxError("missing '\(terminator)'", column: start + 1)
        }
        index += 1
        return body
    }
}
