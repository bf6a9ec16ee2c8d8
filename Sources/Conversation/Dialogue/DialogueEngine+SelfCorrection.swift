import Catalog
import Understanding

/// A correction said while Jiri asks, before, after or instead of the answer: "no wait, it's for
/// Mia not Leo" (to "What kind of nag is it?"), "homework — oh and it's for Noah actually",
/// "tomorrow at 9am — and make that appointments, not meds", "mobile — wait, no, backend".
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
        let (before, said) = Self.splitAtCorrection(text)
        let words = UtteranceWords(String(said)).words
        guard Self.signalsCorrection(words) || Self.replacesValue(words, of: pending.slots),
              let value = Self.correctedValue(words) else { return nil }
        let amendment = Amendment(answer: value, setsOmitted: false)
        // Said first, it must change a value the request has: "sorry, for Leo, chores" to "Who is
        // the nag for?" apologises and answers, it corrects nothing.
        if let slots = amended(pending.slots, of: intent, by: amendment, text: String(said), context: context, namesWritten: true),
           slots.contains(where: { $0.key != awaiting && pending.slots[$0.key] != $0.value && (!before.isEmpty || pending.slots[$0.key] != nil) }) {
            return SelfCorrection(slots: slots, answer: before.isEmpty ? nil : String(before))
        }
        guard !before.isEmpty else { return nil }
        return SelfCorrection(slots: pending.slots, answer: value)
    }

    /// The answer before the earliest pause and the words after it, or nothing and the whole text.
    private static func splitAtCorrection(_ text: String) -> (Substring, Substring) {
        guard let cut = firstBreak(in: text, among: [" — ", " – ", " - ", "—", "–", ", and ", "; ", ". "]),
              cut.lowerBound > text.startIndex else { return ("", text[...]) }
        return (text[..<cut.lowerBound], text[cut.upperBound...])
    }

    private static let openers: Set<Substring> = ["oh", "and", "um", "uh", "er", "ah"]
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

    /// "… it's for Ava, not Noah": the words after a closing "not" are a value the request has.
    private static func replacesValue(_ words: [Substring], of slots: [String: SlotValue]) -> Bool {
        guard let not = words.lastIndex(of: "not"), not > 0, not + 1 < words.count else { return false }
        let replaced = words[(not + 1)...].joined(separator: " ")
        return slots.values.contains { UtteranceWords($0.stringValue).words.joined(separator: " ") == replaced }
    }

    /// The new value: the words after the correction's leads, without what it replaces ("mia
    /// not leo" → "mia"). A value is a few words; more, or a question, is a request ("actually,
    /// am I behind on anything?").
    private static func correctedValue(_ words: [Substring]) -> String? {
        var value = words.drop(while: leads.contains)
        if let not = value.firstIndex(where: { $0 == "not" || $0 == "rather" }), not > value.startIndex {
            value = value[..<not]
        }
        while let last = value.last, trailing.contains(last) { value = value.dropLast() }
        guard let first = value.first, value.count <= maxValueWords, !requestWords.contains(first) else { return nil }
        return value.joined(separator: " ")
    }

    private static let maxValueWords = 4
    private static let requestWords: Set<Substring> = [
        "am", "are", "is", "do", "does", "did", "can", "could", "what", "which", "how", "who", "when", "where", "show",
        "tell", "list", "check", "just", "search", "find", "open", "ask", "remind", "log", "save", "run",
    ]
}
