import Catalog
import Understanding

/// A correction said while Jiri asks, before, after or instead of the answer: "no wait, it's for
/// Mia not Leo" (to "What kind of nag is it?"), "homework — oh and it's for Noah actually",
/// "tomorrow at 9am — and make that appointments, not meds", "mobile — wait, no, backend",
/// "seven tonight. Oh, and it's Oscar who has homework, not Leo", "the infra workspace, and
/// drop the thinking to low", "hmm, sonnet's cheaper, switch it to sonnet".
extension DialogueEngine {
    struct SelfCorrection {
        /// The request's values with the correction applied.
        var slots: [String: SlotValue]
        /// What answers the open question, if anything does.
        var answer: String?
    }

    /// The correction in `text`, or nil when it holds none. A value for another parameter
    /// corrects the request; a value re-said after a correction word replaces the answer before it.
    func selfCorrection(
        in text: String, answering pending: PendingIntent, of intent: IntentDefinition, context: MatchContext
    ) -> SelfCorrection? {
        guard let awaiting = pending.awaiting else { return nil }
        var (before, said) = Self.splitAtCorrection(text)
        var words = UtteranceWords(String(said)).words
        var answerBefore = !before.isEmpty
        // "hmm, sonnet's cheaper, switch it to sonnet": a change asked for in the last clause,
        // after words that answer nothing.
        if before.isEmpty, let last = Self.lastClauseChanging(text) {
            said = last
            words = UtteranceWords(String(said)).words
            answerBefore = false
        }
        let replaced = Self.replacedParameter(words, of: pending.slots)
        let signalled = Self.signalsCorrection(words) || replaced != nil
        guard signalled || Self.asksForChange(words), let value = Self.correctedValue(words) else { return nil }
        // "update the footer links — and do it in mobile, not website": the parameter whose value
        // is taken back gets the new one, a name written in any case.
        if let replaced, replaced != awaiting, let parameter = intent.parameters.first(where: { $0.name == replaced }),
           let parsed = SlotParser.parse(value, for: parameter, of: intent, catalog: catalog, context: context) {
            var slots = pending.slots
            slots[replaced] = Self.named(parsed, for: parameter, asSaidIn: String(said))
            return SelfCorrection(slots: slots, answer: answerBefore ? String(before) : nil)
        }
        let amendment = Amendment(answer: value, setsOmitted: false)
        // Said first, it must change a value the request has: "sorry, for Leo, chores" to "Who is
        // the nag for?" apologises and answers, it corrects nothing.
        if let slots = amended(pending.slots, of: intent, by: amendment, text: String(said), context: context, namesWritten: true),
           slots.contains(where: { $0.key != awaiting && pending.slots[$0.key] != $0.value && (!before.isEmpty || pending.slots[$0.key] != nil) }),
           signalled || !Self.changesName(from: pending.slots, to: slots, of: intent) {
            return SelfCorrection(slots: slots, answer: answerBefore ? String(before) : nil)
        }
        // A value said again replaces the answer only after a word that corrects: "update the
        // footer, and use redis for it" is all prompt.
        guard answerBefore, signalled else { return nil }
        return SelfCorrection(slots: pending.slots, answer: value)
    }

    /// Whether a name changed: a verb of change alone sets a level or a model ("tell it to use
    /// high thinking"), while "have it bump the Swift tools version" is an instruction.
    private static func changesName(from before: [String: SlotValue], to after: [String: SlotValue], of intent: IntentDefinition) -> Bool {
        intent.parameters.contains { parameter in
            guard case .entity = parameter.type else { return false }
            return before[parameter.name] != after[parameter.name]
        }
    }

    /// The last clause of a text without a break, when it asks for a change ("…, switch it to sonnet").
    private static func lastClauseChanging(_ text: String) -> Substring? {
        guard let comma = text.lastIndex(of: ",") else { return nil }
        let last = text[text.index(after: comma)...].drop(while: { $0 == " " })
        return asksForChange(UtteranceWords(String(last)).words) ? last : nil
    }

    /// "switch it to sonnet", "drop the thinking to low", "give that one medium thinking", "tell
    /// it to use high thinking", "do it in mobile": a verb that changes a setting, said first.
    private static func asksForChange(_ words: [Substring]) -> Bool {
        let start = words.drop(while: openers.contains)
        guard let first = start.first else { return false }
        if changeVerbs.contains(first) { return start.count >= 2 }
        return doItWords.contains(first) && start.dropFirst().first.map(objectWords.contains) == true && start.count >= 3
    }

    private static let changeVerbs: Set<Substring> = ["switch", "drop", "bump", "raise", "lower", "set", "turn", "give", "use", "put", "move"]
    private static let doItWords: Set<Substring> = ["do", "run", "send", "tell", "have", "get"]
    private static let objectWords = pointingWords.union(["them"])

    /// The answer before the earliest pause and the words after it, or nothing and the whole text.
    private static func splitAtCorrection(_ text: String) -> (Substring, Substring) {
        guard let cut = firstBreak(in: text, among: [" — ", " – ", " - ", "—", "–", ", and ", "; ", ". "]),
              cut.lowerBound > text.startIndex else { return ("", text[...]) }
        return (text[..<cut.lowerBound], text[cut.upperBound...])
    }

    private static let openers: Set<Substring> = ["oh", "and", "um", "uh", "er", "ah", "hmm", "so"]
    /// Words before the value in a correction: "no wait, it's for Mia", "make that the infra workspace".
    /// A correction said first leads up the same way, but "the" stays with a value said again
    /// ("the infra workspace").
    private static let leads = openers.union(correctionStarters).union(correctionLeads.subtracting(["the"]))
        .union(["its", "is", "should", "be", "instead"])
    private static let trailing: Set<Substring> = ["actually", "instead", "please", "sorry"]

    /// "no …", "wait …", "sorry, I meant …", "make that …", or "… actually" at the end.
    private static func signalsCorrection(_ words: [Substring]) -> Bool {
        let start = words.drop(while: openers.contains)
        guard let first = start.first else { return false }
        if correctionStarters.contains(first) { return true }
        if first == "i", let next = start.dropFirst().first, next == "mean" || next == "meant" { return true }
        return words.last == "actually"
    }

    /// "… it's for Ava, not Noah": the words after a closing "not" are a value the request has;
    /// the parameter holding it.
    private static func replacedParameter(_ words: [Substring], of slots: [String: SlotValue]) -> String? {
        guard let not = words.lastIndex(of: "not"), not > 0, not + 1 < words.count else { return nil }
        let replaced = words[(not + 1)...].joined(separator: " ")
        return slots.first { UtteranceWords($0.value.stringValue).words.joined(separator: " ") == replaced }?.key
    }

    /// The new value: the words after the correction's leads, without what it replaces ("mia
    /// not leo" → "mia"). A value is a few words; more, or a question, is a request ("actually,
    /// am I behind on anything?").
    private static func correctedValue(_ words: [Substring]) -> String? {
        var value = words.drop(while: leads.contains)
        // "switch it to sonnet" → "sonnet"; "give that one medium thinking" → "medium thinking";
        // "tell it to use high thinking" → "high thinking"; "do it in mobile" → "mobile".
        if let first = value.first, changeVerbs.contains(first) || doItWords.contains(first) {
            value = value.dropFirst().drop(while: changedObjects.contains)
            if let to = value.lastIndex(of: "to"), to + 1 < value.endIndex { value = value[(to + 1)...] }
            value = value.drop(while: { changeVerbs.contains($0) || changedObjects.contains($0) })
        }
        if let not = value.firstIndex(where: { $0 == "not" || $0 == "rather" }), not > value.startIndex {
            value = value[..<not]
        }
        // "it's Oscar who has homework": the one named, not what is said of them; "her brother
        // Jonah": the name after who they are.
        if let who = value.firstIndex(where: { $0 == "who" || $0 == "that" || $0 == "which" }), who > value.startIndex {
            value = value[..<who]
        }
        if value.count >= 3, let first = value.first, possessives.contains(first),
           relations.contains(value[value.index(after: value.startIndex)]) {
            value = value.dropFirst(2)
        }
        while let last = value.last, trailing.contains(last) { value = value.dropLast() }
        guard let first = value.first, value.count <= maxValueWords, !requestWords.contains(first) else { return nil }
        return value.joined(separator: " ")
    }

    /// What a change verb changes, before the new value: "switch it to", "drop the thinking to".
    private static let changedObjects: Set<Substring> = [
        "it", "that", "this", "one", "the", "thinking", "model", "workspace", "level", "category", "down", "up", "over",
        "in", "on", "with", "to", "use",
    ]

    private static let maxValueWords = 4
    private static let requestWords: Set<Substring> = [
        "am", "are", "is", "do", "does", "did", "can", "could", "what", "which", "how", "who", "when", "where", "show",
        "tell", "list", "check", "just", "search", "find", "open", "ask", "remind", "log", "save", "run",
    ]
}
