import Foundation
import Catalog

/// Reads a parameter's value from the user's answer to its question ("Who is the
/// nag for?" — "for Sam"), anywhere in the answer: "make it tomorrow at 5",
/// "um, forty five minutes", "the meds one".
public enum SlotParser {
    /// An enum parameter's words come from the first app that declares an enum
    /// of that name; pass the intent when two apps might.
    public static func parse(
        _ answer: String, for parameter: ParameterDefinition, catalog: Catalog, context: MatchContext
    ) -> SlotValue? {
        parse(answer, for: parameter, app: nil, catalog: catalog, context: context)
    }

    /// Like `parse(_:for:catalog:context:)`, reading enum words from the intent's own app.
    public static func parse(
        _ answer: String, for parameter: ParameterDefinition, of intent: IntentDefinition, catalog: Catalog,
        context: MatchContext
    ) -> SlotValue? {
        parse(answer, for: parameter, app: catalog.app(named: intent.app), catalog: catalog, context: context)
    }

    /// The answer as the user meant it after correcting themselves in it, by the same grammar
    /// as requests (`SelfCorrection`): "Zoe, no wait, Nina" is "Nina", "staging, no sorry,
    /// notifications-prod" is "notifications-prod".
    public static func selfCorrected(_ answer: String) -> String {
        SelfCorrection.applied(to: answer, tokenizer: Lexicon.shared.tokenizer)
    }

    /// A number, length of time or date when the answer says nothing else ("20 minutes",
    /// "at 5pm", "tomorrow at 5"), else nil; other kinds of parameter give nil.
    ///
    /// With `anywhereInClause`, any words may come before and after the value: "the bathroom by
    /// Sunday at six", "he takes them at 9 tomorrow morning with his breakfast".
    public static func parseMeasure(
        _ answer: String, for parameter: ParameterDefinition, context: MatchContext, anywhereInClause: Bool = false
    ) -> SlotValue? {
        reading(answer, context: context) { reader in
            if anywhereInClause { return measure(within: reader, parameter.type) }
            // Words such as "due" or "for" before the value are dropped one at a time, so a
            // date keeps the "at" it needs: "due at 8".
            var reader = reader
            while true {
                if let value = measure(reader, parameter.type) { return value }
                guard reader.span.count > 1, reader.tokens[reader.span.lowerBound].flags.contains(.stop) else { return nil }
                reader.span = reader.span.dropFirst()
            }
        }
    }

    /// The longest value said anywhere in the reader's span, the earliest first.
    private static func measure(within reader: AnswerReader, _ type: ParameterType) -> SlotValue? {
        let span = reader.span
        var reader = reader
        for start in span {
            for end in stride(from: span.upperBound, to: start, by: -1) {
                reader.span = start..<end
                if let value = measure(reader, type) { return value }
            }
        }
        return nil
    }

    private static func measure(_ reader: AnswerReader, _ type: ParameterType) -> SlotValue? {
        switch type {
        case .integer: reader.span.count == 1 ? reader.integer().map(SlotValue.integer) : nil
        case .duration: reader.wholeDuration().map(SlotValue.minutes)
        case .date: reader.wholeDate().map(SlotValue.date)
        default: nil
        }
    }

    private static func parse(
        _ answer: String, for parameter: ParameterDefinition, app: AppDefinition?, catalog: Catalog,
        context: MatchContext
    ) -> SlotValue? {
        reading(answer, context: context) { reader in
            switch parameter.type {
            case .string: return reader.dictation().map(SlotValue.text)
            case .entity: return reader.mention().map(SlotValue.entity)
            case .integer: return reader.integer().map(SlotValue.integer)
            case .duration: return reader.duration().map(SlotValue.minutes)
            case .date: return reader.date().map(SlotValue.date)
            case .bool: return reader.bool().map(SlotValue.bool)
            case .enumeration(let name):
                guard let enumeration = app?.enumeration(named: name)
                        ?? catalog.apps.lazy.compactMap({ $0.enumeration(named: name) }).first
                else { return nil }
                return reader.enumCase(of: enumeration).map(SlotValue.enumCase)
            }
        }
    }

    /// Tokenizes the answer and hands `read` its words without the fillers around them; nil
    /// when nothing is left.
    private static func reading(_ answer: String, context: MatchContext, _ read: (AnswerReader) -> SlotValue?) -> SlotValue? {
        var text = answer
        return text.withUTF8 { bytes -> SlotValue? in
            var tokens: [Token] = []
            Lexicon.shared.tokenizer.tokenize(bytes, into: &tokens)
            return tokens.withUnsafeBufferPointer { view -> SlotValue? in
                let span = Lexicon.shared.trimmed(view)
                guard span.lowerBound < span.upperBound else { return nil }
                return read(AnswerReader(tokens: view, bytes: bytes, span: span, context: context))
            }
        }
    }
}

/// The catalog-free vocabulary and filler tables, for reading answers.
private struct Lexicon: Sendable {
    static let shared = Lexicon()

    let tokenizer = Tokenizer(vocabulary: .base)
    let leading: PhraseTable
    let trailing: PhraseTable

    private init() {
        func table(_ phrases: [String]) -> PhraseTable {
            var table = PhraseTable()
            for phrase in phrases {
                var tokens: [Token] = []
                var text = phrase
                text.withUTF8 { Tokenizer(vocabulary: .base).tokenize($0, into: &tokens) }
                if !tokens.contains(where: { $0.id == .unknown }) { table.add(tokens.map(\.id)) }
            }
            return table
        }
        leading = table(Fillers.leading)
        trailing = table(Fillers.trailing)
    }

    func trimmed(_ tokens: UnsafeBufferPointer<Token>) -> Range<Int> {
        var start = 0
        var end = tokens.count
        while start < end, let (length, _) = leading.match(tokens, at: start, limit: end) { start += length }
        while start < end, let (length, _) = trailing.match(tokens, endingAt: end, start: start) { end -= length }
        return start..<end
    }
}

private struct AnswerReader {
    let tokens: UnsafeBufferPointer<Token>
    let bytes: UnsafeBufferPointer<UInt8>
    var span: Range<Int>
    let context: MatchContext

    func text(_ range: Range<Int>) -> String? {
        guard !range.isEmpty else { return nil }
        let start = Int(tokens[range.lowerBound].start)
        let end = Int(tokens[range.upperBound - 1].end)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Free text as dictated: a sentence keeps the determiner it starts with ("a grocery list that
    /// syncs with the family calendar"), as in a request.
    func dictation() -> String? {
        guard let text = text(span) else { return nil }
        guard span.count >= DictatedText.sentenceLength else { return text }
        let first = Int(tokens[span.lowerBound].start)
        let floor = span.lowerBound > 0 ? Int(tokens[span.lowerBound - 1].end) : 0
        guard let start = DictatedText.determinerStart(in: bytes, before: first, notBefore: floor) else { return text }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<first]), as: UTF8.self) + text
    }

    /// A name without the words around it: "for Sam" is "Sam", "it's the website" is "website".
    func mention() -> String? {
        var start = span.lowerBound
        var end = span.upperBound
        while start < end, !PatternExecutor.canBeInMention(tokens[start]) { start += 1 }
        while end > start, !PatternExecutor.canBeInMention(tokens[end - 1]) { end -= 1 }
        return text(start..<end)
    }

    func integer() -> Int? {
        span.lazy.compactMap { ScalarGrammar.integer(tokens, at: $0, to: span.upperBound) }.first
    }

    func bool() -> Bool? {
        span.lazy.compactMap { ScalarGrammar.bool(tokens, at: $0, to: span.upperBound) }.first
    }

    /// The first length of time, read as long as it goes.
    func duration() -> Int? {
        for start in span {
            var best: (end: Int, minutes: Int)?
            DurationGrammar.parse(tokens, from: start, to: span.upperBound) { end, minutes in
                if end > best?.end ?? -1 { best = (end, minutes) }
            }
            if let best { return best.minutes }
        }
        return nil
    }

    /// A length of time that is the whole span.
    func wholeDuration() -> Int? {
        var minutes: Int?
        DurationGrammar.parse(tokens, from: span.lowerBound, to: span.upperBound) { end, value in
            if end == span.upperBound { minutes = value }
        }
        return minutes
    }

    /// A date or time that is the whole span.
    func wholeDate() -> Date? {
        var expression: DateExpression?
        DateGrammar.parse(tokens, from: span.lowerBound, to: span.upperBound) { end, value in
            if end == span.upperBound { expression = value }
        }
        return expression.flatMap { context.dateResolver.resolve($0) }
    }

    /// The first date or time, read as long as it goes.
    func date() -> Date? {
        for start in span {
            var best: (end: Int, expression: DateExpression)?
            DateGrammar.parse(tokens, from: start, to: span.upperBound) { end, expression in
                if end > best?.end ?? -1 { best = (end, expression) }
            }
            if let best { return context.dateResolver.resolve(best.expression) }
        }
        return nil
    }

    /// The case whose value, title or synonym occurs in the answer (longest first).
    func enumCase(of enumeration: EnumDefinition) -> String? {
        let words = span.map { Self.key(tokens, bytes, $0) }
        var forms: [(words: [String], value: String)] = []
        for enumCase in enumeration.cases {
            for spoken in enumCase.spokenForms {
                let formWords = Self.keys(of: spoken)
                if !formWords.isEmpty { forms.append((formWords, enumCase.value)) }
            }
        }
        forms.sort { $0.words.count > $1.words.count }
        for start in words.indices {
            for form in forms where start + form.words.count <= words.count {
                if Array(words[start..<(start + form.words.count)]) == form.words { return form.value }
            }
        }
        return nil
    }

    /// Known words compare by id (so plurals and spellings agree), others by text.
    private static func key(_ tokens: UnsafeBufferPointer<Token>, _ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> String {
        let token = tokens[index]
        if token.id != .unknown { return "#\(token.id):\(token.value)" }
        let start = Int(token.start)
        let end = Int(token.end)
        var word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).lowercased()
        if word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss") { word.removeLast() }
        return word
    }

    private static func keys(of spoken: String) -> [String] {
        var tokens: [Token] = []
        var text = spoken
        return text.withUTF8 { bytes in
            Lexicon.shared.tokenizer.tokenize(bytes, into: &tokens)
            return tokens.withUnsafeBufferPointer { view in (0..<view.count).map { key(view, bytes, $0) } }
        }
    }
}
