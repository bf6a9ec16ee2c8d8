import Catalog
import Foundation
import Understanding

extension DialogueEngine {
    /// The intent's slots with the user's answer to the question for `parameter`, or nil
    /// when the text does not answer it (a new request, or something to ask again about).
    ///
    /// An answer says more than the value asked for: "pretty good" as a mood's title also
    /// names its category, as the same words would in a request. And a number of minutes or
    /// a time given when a name was asked for ("20 minutes" to "Which nag?") fills the
    /// parameter it fits, so the question is asked again instead of looking for a nag
    /// called "20".
    func slots(
        answering parameter: ParameterDefinition, of intent: IntentDefinition, with text: String,
        given pending: [String: SlotValue], context: MatchContext
    ) -> [String: SlotValue]? {
        var slots = pending
        let text = Self.withoutOwnName(SlotParser.selfCorrected(text), of: parameter)
        var clauses = Self.clauses(of: text)
        // "for her, Zoe", "for my son, Noah": who someone is first, then their name.
        if case .entity = parameter.type, clauses.count > 1, Self.onlySaysWho(clauses[0]), Self.isWrittenAsName(clauses[1]) {
            clauses.removeFirst()
        }
        // "the one on the Mac Studio, oppi-dev": which one it is, then its name.
        if case .entity = parameter.type, clauses.count > 1, Self.describesWhichOne(clauses[0]) {
            clauses.removeFirst()
        }
        // A name is the first thing said ("it's for Ben, his meds, due at 8"); other kinds of
        // value are looked for in the whole answer.
        let answer = if case .entity = parameter.type, let first = clauses.first { Self.withoutLeadIn(first) } else { text }
        // "Sam chores 5pm": the name with the other values after it, nothing between them.
        if var found = terseValues(in: answer, answering: parameter, of: intent, given: slots, context: context) {
            fillOthers(of: intent, besides: parameter, from: clauses.dropFirst(), into: &found, context: context)
            return found
        }
        // "homework, due tomorrow at 7pm" to "Who is the nag for?": the kind of nag, not a name.
        // It fills its own parameter, and the question is asked again.
        if case .entity = parameter.type, let (other, value) = caseOfAnotherEnum(answer, in: intent, besides: parameter, given: slots) {
            slots[other.name] = value
            fillOthers(of: intent, besides: parameter, from: clauses.dropFirst(), into: &slots, context: context)
            // "appointments, grandpa, friday at 10am": the name asked for in a clause of its own.
            if let name = clauses.dropFirst().first(where: { $0.spaceSeparated.count <= 2 }),
               let value = SlotParser.parse(name, for: parameter, of: intent, catalog: catalog, context: context),
               !isMeasure(value, in: intent, besides: parameter, context: context) {
                slots[parameter.name] = Self.named(value, for: parameter, asSaidIn: name)
            }
            return slots
        }
        if let value = lastChoiceAfterWavering(clauses, answering: parameter, of: intent, context: context)
            ?? SlotParser.parse(answer, for: parameter, of: intent, catalog: catalog, context: context),
           !isMeasure(value, in: intent, besides: parameter, context: context) {
            slots[parameter.name] = Self.named(value, for: parameter, asSaidIn: answer)
            for implied in intent.parameters where slots[implied.name] == nil && implied.inferFrom.contains(parameter.name) {
                slots[implied.name] = SlotParser.parse(answer, for: implied, of: intent, catalog: catalog, context: context)
            }
            fillOthers(of: intent, besides: parameter, from: clauses.dropFirst(), into: &slots, context: context)
            return slots
        }
        guard case .entity = parameter.type else { return nil }
        for other in measures(of: intent, besides: parameter) {
            if let value = SlotParser.parseMeasure(text, for: other, context: context) {
                slots[other.name] = value
                return slots
            }
        }
        return nil
    }

    /// "maybe homework? or chores… I'm not sure. Chores.": among cases weighed against each
    /// other ("or"), the one said last. Nil when the answer does not waver, or the last one is
    /// ruled out ("homework or chores — not chores").
    private func lastChoiceAfterWavering(
        _ clauses: [String], answering parameter: ParameterDefinition, of intent: IntentDefinition, context: MatchContext
    ) -> SlotValue? {
        guard case .enumeration = parameter.type, clauses.count > 1,
              clauses.contains(where: { UtteranceWords($0).words.contains("or") }) else { return nil }
        for clause in clauses.reversed() {
            guard let value = SlotParser.parse(clause, for: parameter, of: intent, catalog: catalog, context: context) else { continue }
            return UtteranceWords(clause).words.contains("not") ? nil : value
        }
        return nil
    }

    /// Words people put before a name they give as an answer: "make it Noah", "it's for Sam",
    /// "the nag is for my daughter Lily".
    private static let answerLeadIns: [[Substring]] = [
        "the nag is for", "this is for", "it should be for", "it should be", "should be for", "should be", "make it for",
        "make it", "it is for", "its for", "it is", "its", "thats for", "that is for", "for", "call it", "i said",
        "i meant", "put", "thatd be for", "that would be for", "that will be for", "thatll be for", "itd be for",
        "it would be for", "it will be for", "that one is for", "thatd be", "that would be", "use", "can you send it to",
        "could you send it to", "send it to", "give it to", "its going to",
    ].map { $0.split(separator: " ") }
    /// Who someone is to the user, said before their name: "my daughter Lily" names Lily.
    static let relations = Set(PersonWords.descriptors.map { Substring($0) })
    private static let standsForSomeone: Set<Substring> = ["her", "him", "them", "she", "he", "they"]
    static let possessives: Set<Substring> = ["my", "our", "his", "her", "their"]

    /// "the workspace is backend" to "Which workspace?": the value after the parameter's own
    /// name (or title) and a verb that links them.
    static func withoutOwnName(_ text: String, of parameter: ParameterDefinition) -> String {
        let words = text.spaceSeparated
        var start = words.first.map { ["the", "my", "our"].contains(folded($0)) } == true ? 1 : 0
        let names = [parameter.name, parameter.title ?? ""].map { UtteranceWords($0).words }.filter { !$0.isEmpty }
        guard let name = names.first(where: { UtteranceWords.begin(words[start...], with: $0) }) else { return text }
        start += name.count
        guard let link = linkingVerbs.first(where: { UtteranceWords.begin(words[start...], with: $0) }),
              words.count > start + link.count else { return text }
        return words[(start + link.count)...].joined(separator: " ")
    }

    private static let linkingVerbs: [[Substring]] = ["is", "should be", "will be", "would be", "is going to be", "can be"]
        .map { $0.spaceSeparated }

    /// One or two words, capitalised as the recogniser writes names, after any lead-in: "Zoe",
    /// "Mary Anne", "my husband Dan".
    private static func isWrittenAsName(_ clause: String) -> Bool {
        let words = withoutLeadIn(clause).spaceSeparated
        return (1...2).contains(words.count) && words.allSatisfy { $0.first?.isUppercase ?? false }
    }

    /// "the one on the Mac Studio", "that one with the dashboards": a value told apart, not named.
    private static func describesWhichOne(_ clause: String) -> Bool {
        let words = clause.spaceSeparated.map(folded)
        return words.count >= 3 && ["the", "that"].contains(words[0]) && words[1] == "one"
    }

    /// A pronoun or a relation with no name: "for her", "my son", "our eldest".
    private static func onlySaysWho(_ clause: String) -> Bool {
        let words = withoutLeadIn(clause).spaceSeparated.map(folded)
        switch words.count {
        case 1: return standsForSomeone.contains(words[0])
        case 2: return possessives.contains(words[0]) && relations.contains(words[1])
        default: return false
        }
    }
    /// Clauses that only hesitate: "um, let me think, Noah", "um, the, uh, homework one".
    private static let hesitations: Set<String> = ConversationalCues.thinkingSounds.union([
        "well", "so", "ok", "okay", "oh", "right", "sorry", "let me think",
        "let me see", "lets see", "let us see", "uh let me think", "um let me think", "the", "a", "an", "like",
        "you know",
    ])

    /// Agreement before the value, as if Jiri had offered it: "yeah, homework", "yes, it's for
    /// Mia", "sure, login bug". A yes alone stays itself.
    static func withoutAgreement(_ text: String) -> String {
        let said = text.spaceSeparated
        let agreeing = said.prefix { $0.hasSuffix(",") && agreements.contains(folded($0)) }.count
        return agreeing == 0 || agreeing == said.count ? text : said.dropFirst(agreeing).joined(separator: " ")
    }

    private static let agreements: Set<Substring> = ["yeah", "yes", "yep", "yup", "sure", "ya", "aye"]

    static func withoutLeadIn(_ text: String) -> String {
        var words = text.spaceSeparated
        if let lead = answerLeadIns.first(where: { starts(words, with: $0) }) {
            words.removeFirst(lead.count)
        }
        if words.count > 2, ["my", "our"].contains(folded(words[0])), relations.contains(folded(words[1])) {
            words.removeFirst()
            while words.count > 1, relations.contains(folded(words[0])) { words.removeFirst() }
        }
        return words.joined(separator: " ")
    }

    /// The answer's clauses, split at commas, semicolons, dashes, ellipses and sentence ends,
    /// without those that only hesitate ("Leo — hang on, sweetie — for Leo", "um, let me think… Leo I guess").
    static func clauses(of text: String) -> [String] {
        let clauses = Sentences.clauses(text)
            .map { withoutHedges($0.trimmingCharacters(in: .whitespaces)) }
        let kept = clauses.filter { !$0.isEmpty && !hesitations.contains($0.lowercased().filter { $0.isLetter || $0 == " " }) }
        return kept.isEmpty ? [text] : kept
    }

    /// Words that make an answer tentative without changing it: "I think it should be for Mia",
    /// "due tomorrow at 5pm I guess".
    private static let leadingHedges: [[Substring]] = ["i think", "i guess", "i suppose", "maybe", "probably", "uh", "um"]
        .map { $0.spaceSeparated }
    private static let trailingHedges: [[Substring]] = [
        "i guess", "i think", "i suppose", "probably", "maybe", "would be best", "would be good", "would be great",
        "would be fine", "is fine", "would do", "will do",
    ]
        .map { $0.spaceSeparated }

    /// The words without a setting left as it is said after the value: "jiri-server with the
    /// usual model" → "jiri-server".
    private static func withoutUsualSetting(_ words: inout [Substring]) {
        guard words.count > 4, let last = words.last, settingNouns.contains(folded(last)),
              usualWords.contains(folded(words[words.count - 2])), ["the", "my"].contains(folded(words[words.count - 3])),
              ["with", "using", "on"].contains(folded(words[words.count - 4])) else { return }
        words.removeLast(4)
    }

    private static let settingNouns: Set<Substring> = ["model", "thinking", "settings", "one"]
    private static let usualWords: Set<Substring> = ["usual", "default", "normal", "same", "standard"]

    static func withoutHedges(_ clause: String) -> String {
        var words = clause.spaceSeparated
        while let hedge = leadingHedges.first(where: { starts(words, with: $0) }) {
            words.removeFirst(hedge.count)
        }
        while let hedge = trailingHedges.first(where: { starts(words.reversed(), with: $0.reversed()) }) {
            words.removeLast(hedge.count)
        }
        withoutUsualSetting(&words)
        return words.joined(separator: " ")
    }

    private static func folded(_ word: Substring) -> Substring { UtteranceWords.folded(word) }

    /// Whether `words` begin with `phrase` and say something after it.
    private static func starts<Words: Collection<Substring>>(_ words: Words, with phrase: [Substring]) -> Bool {
        phrase.count < words.count && UtteranceWords.begin(words, with: phrase)
    }

    /// Values said in clauses of their own after the answer ("Ben, his meds, due at 8") fill
    /// the missing parameters they fit: a time, a length, a number or one of an enum's cases
    /// ("She's got a dentist appointment on Thursday at 11" gives both a kind and a time).
    private func fillOthers(
        of intent: IntentDefinition, besides parameter: ParameterDefinition, from clauses: ArraySlice<String>,
        into slots: inout [String: SlotValue], context: MatchContext
    ) {
        for clause in clauses {
            for other in intent.parameters where other.name != parameter.name && slots[other.name] == nil {
                let value: SlotValue? = switch other.type {
                case .enumeration: SlotParser.parse(clause, for: other, of: intent, catalog: catalog, context: context)
                // "the bathroom by Sunday at six": a time said anywhere in the clause counts.
                default: SlotParser.parseMeasure(clause, for: other, context: context, anywhereInClause: true)
                }
                if let value { slots[other.name] = value }
            }
        }
    }

    /// The parameter and value when `answer` is, word for word, a case of one of the intent's
    /// enums that is still missing, alone or with the parameter's own word ("high thinking" to
    /// "Which workspace?" sets the thinking level; it names no workspace).
    private func caseOfAnotherEnum(
        _ answer: String, in intent: IntentDefinition, besides parameter: ParameterDefinition, given slots: [String: SlotValue]
    ) -> (ParameterDefinition, SlotValue)? {
        let said = answer.lowercased().filter { $0.isLetter || $0 == " " }.spaceSeparated
        for other in intent.parameters where other.name != parameter.name && slots[other.name] == nil {
            if let value = caseSpoken(as: Self.withoutParameterWords(said, of: other).joined(separator: " "), for: other, of: intent) {
                return (other, value)
            }
        }
        return nil
    }

    /// The enum a parameter takes its values from; nil for other types.
    func enumeration(of parameter: ParameterDefinition, in intent: IntentDefinition) -> EnumDefinition? {
        guard case .enumeration(let name) = parameter.type else { return nil }
        return catalog.app(named: intent.app)?.enumeration(named: name)
    }

    /// The case of `parameter`'s enum that `said` (lower case) is a spoken form of.
    func caseSpoken(as said: String, for parameter: ParameterDefinition, of intent: IntentDefinition) -> SlotValue? {
        enumeration(of: parameter, in: intent)?.cases
            .first { $0.spokenForms.contains { $0.lowercased() == said } }
            .map { .enumCase($0.value) }
    }

    /// The words without the parameter's name or title words before or after them: "high
    /// thinking", "thinking level high", "the chores category".
    private static func withoutParameterWords(_ words: [Substring], of parameter: ParameterDefinition) -> ArraySlice<Substring> {
        let own = ownWords(of: parameter)
        var words = words[...]
        while words.count > 1, let last = words.last, own.contains(last) { words = words.dropLast() }
        while words.count > 1, let first = words.first, own.contains(first) { words = words.dropFirst() }
        return words
    }

    /// The words of a parameter's name and title, and "the": "the chores category".
    static func ownWords(of parameter: ParameterDefinition) -> Set<Substring> {
        Set(([parameter.name] + (parameter.title.map { [$0] } ?? [])).flatMap { $0.lowercased().spaceSeparated })
            .union(["the"])
    }

    /// One of the enum cases a phrasing limits a free-text parameter to ("{model:ModelName}"),
    /// said in `text`; nil when the parameter has no such enum or none of its cases is said.
    func spokenCase(in text: String, for parameter: ParameterDefinition, of intent: IntentDefinition, context: MatchContext) -> SlotValue? {
        for name in freeText.spokenEnums(of: parameter.name, in: intent.id) {
            let limited = ParameterDefinition(name: parameter.name, type: .enumeration(name))
            if case .enumCase(let value)? = SlotParser.parse(text, for: limited, of: intent, catalog: catalog, context: context) {
                return .text(value)
            }
        }
        return nil
    }

    /// "the chores nag for Noah" to "Which nag should I snooze?": the thing asked for, described.
    /// It may read as a request of its own ("chores nag for Noah" creates one) but answers.
    static func describesAwaited(_ parameter: ParameterDefinition, in words: UtteranceWords) -> Bool {
        guard let first = words.words.first, describingDeterminers.contains(first) else { return false }
        let kind = Substring(parameter.name.lowercased())
        return words.words.dropFirst().contains { $0 == kind || $0 == kind + "s" }
    }

    private static let describingDeterminers: Set<Substring> = ["the", "that", "this", "my", "his", "her", "their", "our"]

    /// Whether an answer to `parameter`'s question could be a request for another intent
    /// and should be understood as one first: any answer for a name, and free text that the
    /// catalog never lets run on (a mood's title: "what's changed in my code" is no mood).
    /// Unbounded free text (Oppi's prompt) is taken as said.
    func isRequestShaped(answering parameter: ParameterDefinition, of intent: IntentDefinition) -> Bool {
        switch parameter.type {
        case .entity: true
        case .string: freeText.isBounded(parameter.name, of: intent.id)
        default: false
        }
    }

    /// An entity as the user wrote it (an answer read from lower-cased words regains its
    /// casing: "Sam", not "sam"), without the kind of thing it is said after it: "the backend
    /// workspace" names the workspace "backend", "the homework one" the nag "homework".
    static func named(_ value: SlotValue, for parameter: ParameterDefinition, asSaidIn text: String) -> SlotValue {
        guard case .entity(var name) = value else { return value }
        if let range = text.range(of: name, options: .caseInsensitive) { name = String(text[range]) }
        let kinds: Set<String> = [parameter.name.lowercased(), (parameter.title ?? parameter.name).lowercased(), "one"]
        var words = name.spaceSeparated
        while words.count > 1, let last = words.last, kinds.contains(last.lowercased()) { words.removeLast() }
        return .entity(words.joined(separator: " "))
    }

    /// Whether an entity the answer seems to name is a number or a time that another of the
    /// intent's parameters takes: "20" names no nag, and "5pm" is when, not who.
    private func isMeasure(_ value: SlotValue, in intent: IntentDefinition, besides parameter: ParameterDefinition, context: MatchContext) -> Bool {
        guard case .entity(let name) = value else { return false }
        guard name.contains(where: \.isLetter) else { return true }
        return measures(of: intent, besides: parameter).contains { other in
            SlotParser.parseMeasure(name, for: other, context: context) != nil
        }
    }

    private func measures(of intent: IntentDefinition, besides parameter: ParameterDefinition) -> [ParameterDefinition] {
        intent.parameters.filter { $0.name != parameter.name && Self.isMeasure($0.type) }
    }

    static func isMeasure(_ type: ParameterType) -> Bool {
        switch type {
        case .integer, .duration, .date: true
        default: false
        }
    }
}
