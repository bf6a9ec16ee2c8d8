import Catalog
import Foundation
import Understanding

/// Short replies that change the request just made or asked about: a correction ("no, for
/// Sam", "actually make it Friday", "actually use opus"), the same again for someone else
/// ("and one for Sam too"), and a narrowing ("just the homework ones").
extension DialogueEngine {
    struct Amendment {
        /// The words that carry the new value, lower-cased.
        var answer: String
        /// A narrowing may set a parameter the request left out; a correction replaces one it
        /// had (or one it needs).
        var setsOmitted: Bool
        /// The same request again with other values ("and one for Sam on Friday"), not a
        /// correction of the one made ("actually, make Leo's 9:30").
        var repeatsRequest = false
    }

    /// `base` with the parameter the new value fits replaced, or nil when the utterance is not
    /// an amendment or names nothing the intent takes. With `namesWritten`, as while a question
    /// is open, a new name counts only as the recogniser wrote names ("no, for Max", not "no
    /// clue, honestly").
    func amended(
        _ base: PendingIntent, by words: UtteranceWords, text: String, context: MatchContext, namesWritten: Bool = false
    ) -> (intent: IntentDefinition, slots: [String: SlotValue])? {
        guard let intent = catalog.intent(id: base.intentID), let amendment = Self.amendment(words) else { return nil }
        // "same for Ava but homework": each clause changes its own parameter.
        var clauses = amendment.answer.spaceSeparated.split(whereSeparator: Self.clauseJoiners.contains)
        if amendment.repeatsRequest, clauses.count == 1, let only = clauses.first,
           let parts = valueThenTime(only, of: intent, context: context) {
            clauses = parts
        }
        if clauses.count > 1 {
            var slots: [String: SlotValue]? = base.slots
            for clause in clauses {
                let part = Amendment(answer: clause.joined(separator: " "), setsOmitted: amendment.setsOmitted)
                slots = slots.flatMap { amended($0, of: intent, by: part, text: text, context: context, namesWritten: namesWritten) }
            }
            if let slots { return (intent, slots) }
        }
        return amended(base.slots, of: intent, by: amendment, text: text, context: context, namesWritten: namesWritten)
            .map { (intent, $0) }
    }

    private static let clauseJoiners: Set<Substring> = ["but", "and", "with"]

    /// "for Sam on Friday at 3" as "for Sam" and "on Friday at 3": a time or length at the end,
    /// after words that hold none; nil otherwise ("Friday at 3" is one value).
    private func valueThenTime(
        _ words: ArraySlice<Substring>, of intent: IntentDefinition, context: MatchContext
    ) -> [ArraySlice<Substring>]? {
        let measures = intent.parameters.filter { Self.isMeasure($0.type) }
        guard let (_, _, length) = trailingMeasure(of: words, among: measures, context: context) else { return nil }
        let head = words.dropLast(length)
        let headHoldsOne = measures.contains {
            SlotParser.parseMeasure(head.joined(separator: " "), for: $0, context: context, anywhereInClause: true) != nil
        }
        return headHoldsOne ? nil : [head, words.suffix(length)]
    }

    /// `slots` with the parameter one value fits replaced.
    func amended(
        _ base: [String: SlotValue], of intent: IntentDefinition, by amendment: Amendment, text: String, context: MatchContext,
        namesWritten: Bool
    ) -> [String: SlotValue]? {
        let answer = amendment.answer
        // Free text is corrected only where the catalog limits it to an enum's cases ("actually use
        // opus" for Oppi's model), and such a case is as telling as an enum's.
        for parameter in intent.parameters {
            guard case .string = parameter.type,
                  let value = spokenCase(in: answer, for: parameter, of: intent, context: context) else { continue }
            var slots = base
            slots[parameter.name] = value
            return slots
        }
        // Typed parameters (dates, enums, numbers) before free text and entities.
        let ordered = intent.parameters.sorted { Self.rank($0.type) < Self.rank($1.type) }
        for parameter in ordered where amendment.setsOmitted || base[parameter.name] != nil || parameter.required {
            if case .string = parameter.type { continue }
            if let value = SlotParser.parse(answer, for: parameter, catalog: catalog, context: context) {
                let named = Self.named(value, for: parameter, asSaidIn: text)
                if namesWritten, case .entity(let name) = named, !(name.first?.isUppercase ?? false) { continue }
                var slots = base
                slots[parameter.name] = named
                return slots
            }
        }
        return amendment.repeatsRequest ? withTextSaidAnew(base, of: intent, in: text, context: context) : nil
    }

    /// "and grateful too" after a mood, "and another one: sort ideas by project" after an idea:
    /// the same request again with its text said anew, and what its words imply (a mood's
    /// category) read again.
    private func withTextSaidAnew(
        _ base: [String: SlotValue], of intent: IntentDefinition, in text: String, context: MatchContext
    ) -> [String: SlotValue]? {
        guard let parameter = intent.parameters.first(where: { $0.takesText && base[$0.name] != nil }),
              let said = Self.textSaidAgain(in: text) else { return nil }
        var slots = base
        slots[parameter.name] = .text(said)
        for implied in intent.parameters where implied.inferFrom.contains(parameter.name) {
            slots[implied.name] = SlotParser.parse(said, for: implied, of: intent, catalog: catalog, context: context)
        }
        return slots
    }

    /// The words of a request said again without those that say it is again: after a colon, or
    /// without "and another one" before and "too" after. Nil when nothing else is said.
    static func textSaidAgain(in text: String) -> String? {
        if let colon = text.firstIndex(of: ":") {
            let after = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return after.isEmpty ? nil : after
        }
        var words = text.spaceSeparated[...]
        while let first = words.first, repeatStarters.contains(UtteranceWords.folded(first)) || repeatWords.contains(UtteranceWords.folded(first)) {
            words.removeFirst()
        }
        while let last = words.last, repeatEndings.contains(UtteranceWords.folded(last)) { words.removeLast() }
        if words.suffix(2).map(UtteranceWords.folded).elementsEqual(["as", "well"]) { words.removeLast(2) }
        let said = words.joined(separator: " ").trimmingCharacters(in: .punctuationCharacters)
        return said.isEmpty ? nil : said
    }

    /// A correction said first and the answer after it, in a sentence or clause of its own:
    /// "no, make that Ella. It's homework" → ("no, make that Ella", "It's homework").
    static func correctionThenAnswer(in text: String) -> (correction: String, answer: String)? {
        guard let first = UtteranceWords(text).words.first, correctionStarters.contains(first) else { return nil }
        guard let cut = firstBreak(in: text, among: [". ", "? ", "! ", "; ", ", and ", " and also "]) else { return nil }
        let correction = String(text[..<cut.lowerBound])
        let answer = String(text[cut.upperBound...])
        guard correction.spaceSeparated.count >= 2, !answer.isEmpty else { return nil }
        return (correction, answer)
    }

    /// Whether a request for the intent Jiri is asking about is a new one rather than the
    /// answer: it says the request's own words again, differently ("ask Oppi to tidy up the
    /// config loader" while Jiri asks which workspace the last question to Oppi is for).
    func restates(_ pending: PendingIntent, with match: IntentMatch, of intent: IntentDefinition) -> Bool {
        intent.parameters.contains { parameter in
            guard case .string = parameter.type, parameter.name != pending.awaiting,
                  case .text(let said)? = match.slots[parameter.name], case .text(let before)? = pending.slots[parameter.name]
            else { return false }
            return said.lowercased() != before.lowercased()
        }
    }

    /// The earliest of `breaks` in `text`, where a correction and an answer part.
    /// Compared byte by byte, ASCII letters in either case: a search through Foundation cost
    /// 2 % of a turn, on every answer.
    static func firstBreak(in text: String, among breaks: [String]) -> Range<String.Index>? {
        let utf8 = text.utf8
        let firstBytes = Set(breaks.compactMap { $0.utf8.first.map(Self.foldedASCII) })
        var start = utf8.startIndex
        while start != utf8.endIndex {
            if firstBytes.contains(Self.foldedASCII(utf8[start])), let found = breakStarting(at: start, in: utf8, among: breaks) {
                return found
            }
            utf8.formIndex(after: &start)
        }
        return nil
    }

    private static func breakStarting(
        at start: String.Index, in utf8: String.UTF8View, among breaks: [String]
    ) -> Range<String.Index>? {
        for pattern in breaks {
            var index = start
            var matched = true
            for byte in pattern.utf8 {
                guard index != utf8.endIndex, foldedASCII(utf8[index]) == foldedASCII(byte) else {
                    matched = false
                    break
                }
                utf8.formIndex(after: &index)
            }
            if matched { return start..<index }
        }
        return nil
    }

    private static func foldedASCII(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    static let correctionStarters: Set<Substring> = ["no", "actually", "nope", "sorry", "wait", "make", "change"]
    private static let reassurances: Set<Substring> = ["worries", "worry", "problem", "problems", "bother", "biggie", "sweat", "stress"]
    static let correctionLeads: Set<Substring> = [
        "i", "meant", "mean", "make", "it", "for", "to", "change", "that", "the", "on", "at", "by",
    ]
    private static let repeatStarters: Set<Substring> = ["and", "also", "plus", "same", "now", "then", "do", "the", "again", "repeat"]
    private static let repeatWords: Set<Substring> = [
        "one", "ones", "same", "again", "another", "the", "a", "do", "thing", "for", "please", "that", "it", "repeat",
    ]
    private static let valuePrepositions: Set<Substring> = ["for", "in", "on", "at", "with"]
    private static let repeatEndings: Set<Substring> = ["too", "also", "please"]
    private static let narrowingStarters: Set<Substring> = ["just", "only"]
    private static let narrowingWords: Set<Substring> = ["the", "my", "ones", "one", "please"]

    /// The shape of an amendment: "no, for Sam" (a correction), "and one for Sam too" (the same
    /// again; it needs "one", "same" or a closing "too"/"as well", so "and what's overdue" stays
    /// a request), "just the homework ones" (a narrowing).
    static func amendment(_ words: UtteranceWords) -> Amendment? {
        // "what about meds?", "and how about for Sam?": the same request with another value.
        let asked = words.words.first == "and" ? words.words.dropFirst() : words.words[...]
        if (3...6).contains(asked.count), asked.prefix(2).elementsEqual(["what", "about"]) || asked.prefix(2).elementsEqual(["how", "about"]) {
            return Amendment(answer: asked.dropFirst(2).joined(separator: " "), setsOmitted: true)
        }
        // "Ada has one right after, her too", "Leo needs one as well": someone else, the same again.
        let said = words.words
        if said.count >= 4, said.count <= 10, ["has", "needs", "gets", "wants"].contains(said[1]), ["one", "the"].contains(said[2]),
           said.last == "too" || said.suffix(2).elementsEqual(["as", "well"]) {
            return Amendment(answer: String(said[0]), setsOmitted: false, repeatsRequest: true)
        }
        var rest = words.words[...]
        guard let first = rest.popFirst(), words.words.count <= 8 else { return nil }
        // "no worries, log my mood": a "no" that corrects nothing.
        if correctionStarters.contains(first), !(first == "no" && rest.first.map(Self.reassurances.contains) ?? false) {
            while let lead = rest.first, correctionLeads.contains(lead) { rest.removeFirst() }
            return rest.isEmpty ? nil : Amendment(answer: rest.joined(separator: " "), setsOmitted: false)
        }
        // "the same for Leo", but not "the dishes one is done".
        if repeatStarters.contains(first), first != "the" || rest.first == "same" {
            if rest.suffix(2).elementsEqual(["as", "well"]) { rest.removeLast(2) }
            let closesWithToo = rest.last.map(repeatEndings.contains) ?? false
            // "and for Zoe?", "and in staging": a value and its preposition alone.
            // "and chores?": a value alone after "and".
            let bareValue = rest.count <= 3 && rest.first.map(Self.valuePrepositions.contains) ?? false
                || first == "and" && (1...2).contains(rest.count)
            let saysRepeat = rest.contains("one") || rest.contains("ones") || rest.contains("same") || rest.contains("again")
            guard closesWithToo || bareValue || saysRepeat || first == "same" || first == "again" || first == "repeat"
            else { return nil }
            while let last = rest.last, repeatEndings.contains(last) { rest.removeLast() }
            let kept = rest.filter { !repeatWords.contains($0) }
            return kept.isEmpty ? nil : Amendment(answer: kept.joined(separator: " "), setsOmitted: false, repeatsRequest: true)
        }
        if narrowingStarters.contains(first), words.words.count <= 5 {
            let kept = rest.filter { !narrowingWords.contains($0) }
            return kept.isEmpty ? nil : Amendment(answer: kept.joined(separator: " "), setsOmitted: true)
        }
        // "use opus instead", "Friday instead": a correction said at its end.
        if words.words.count >= 2, words.words.count <= 6, words.words.last == "instead" {
            return Amendment(answer: words.words.dropLast().joined(separator: " "), setsOmitted: false)
        }
        return nil
    }

    static func rank(_ type: ParameterType) -> Int {
        switch type {
        case .date, .duration, .integer: 0
        case .enumeration: 1
        case .bool: 2
        case .entity: 3
        case .string: 4
        }
    }
}
