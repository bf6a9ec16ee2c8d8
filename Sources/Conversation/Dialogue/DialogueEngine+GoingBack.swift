import Catalog
import Foundation
import Understanding

/// Going back to a request left unanswered for another: "ok, back to Mia's nag", "back to the
/// Oppi request", "where were we?", or the request named first with its values after it ("okay,
/// Omar's nag is chores", "for Oppi use homelab", "the idea: haptic feedback"). The request is
/// taken up with the values it had and its question asked again; values said after a break
/// answer it ("back to Mia's nag: meds, at 8 tonight").
extension DialogueEngine {
    func resumingSetAside(
        _ text: String, words: UtteranceWords, state: DialogueState, principal: Principal, context: MatchContext, turnID: String
    ) async -> DialogueOutcome? {
        guard let aside = state.setAside, let intent = catalog.intent(id: aside.intentID) else { return nil }
        let values: String?
        if let pointer = Self.pointerBack(words) {
            guard refers(pointer, to: aside, of: intent) else { return nil }
            values = Self.valuesAfterPointer(in: text)
        } else if Self.mayNameFirst(text, words), let named = Self.namedFirst(in: text), names(named.pointer[...], aside: aside, of: intent) {
            values = named.values
        } else {
            return nil
        }
        var state = state
        // A question open now is set aside in its turn ("back to the nag" while Jiri asks which workspace).
        state.setAside = state.pending
        state.pending = aside
        if let values {
            return await reply(to: values, words: UtteranceWords(values), answering: aside, of: intent, state: state,
                               principal: principal, context: context, turnID: turnID)
        }
        return await proceed(intent, slots: aside.slots, state: state, principal: principal, context: context, turnID: turnID)
    }

    /// The words after "back to" ("ok, back to Mia's nag" → "mias nag"), or none for "where
    /// were we"; nil when the utterance does not go back.
    static func pointerBack(_ words: UtteranceWords) -> ArraySlice<Substring>? {
        let said = words.words
        if said.count <= 5, let start = said.firstIndex(of: "where"), said[start...].starts(with: ["where", "were", "we"]) {
            return []
        }
        guard let back = said.firstIndex(of: "back"), back + 1 < said.count, said[back + 1] == "to",
              said[..<back].allSatisfy(leadsBack.contains) else { return nil }
        return said[(back + 2)...]
    }

    private static let leadsBack: Set<Substring> = [
        "ok", "okay", "so", "right", "alright", "anyway", "anyways", "now", "and", "then", "lets", "let", "us", "go",
        "going", "get", "getting", "come", "coming", "can", "we", "could", "ill", "i", "want", "to", "jiri", "well",
    ]

    /// What "back to …" may say of a request without naming it: "back to that", "back to what
    /// we were doing".
    private static let vaguePointers: Set<Substring> = [
        "that", "it", "this", "what", "we", "were", "i", "was", "doing", "the", "my", "request", "before", "other",
        "thing", "earlier", "one", "previous", "last", "where", "question", "left", "off",
    ]

    /// Whether the words point at the set-aside request: say nothing particular, or name its
    /// app, a word of its title ("nag", "mood") or one of its values ("Mia's nag").
    private func refers(_ pointer: ArraySlice<Substring>, to aside: PendingIntent, of intent: IntentDefinition) -> Bool {
        pointer.allSatisfy(Self.vaguePointers.contains) || names(pointer, aside: aside, of: intent)
    }

    /// Whether the words name the set-aside request's app, a word of its title or one of its values.
    private func names(_ pointer: ArraySlice<Substring>, aside: PendingIntent, of intent: IntentDefinition) -> Bool {
        var keys = Set(appNames.filter { $0.app == intent.app }.flatMap(\.words))
        keys.formUnion(UtteranceWords(intent.title).words.filter { $0.count >= 3 })
        for value in aside.slots.values { keys.formUnion(UtteranceWords(value.stringValue).words) }
        return pointer.contains { word in keys.contains(word) || (word.hasSuffix("s") && keys.contains(word.dropLast())) }
    }

    /// "back to Mia's nag: meds, at 8 tonight" → "meds, at 8 tonight".
    static func valuesAfterPointer(in text: String) -> String? {
        guard let back = text.range(of: "back to", options: .caseInsensitive) ?? text.range(of: "where were we", options: .caseInsensitive),
              let mark = text[back.upperBound...].firstIndex(where: Self.breaks.contains) else { return nil }
        let values = text[text.index(after: mark)...].trimmingCharacters(in: .whitespaces)
        return values.isEmpty ? nil : values
    }

    private static let breaks: Set<Character> = [":", ",", ".", ";", "—"]

    /// A few words naming something, then a break or a linking verb, then what is said of it:
    /// "okay, Omar's nag is chores" → ("omars nag", "chores"); "alright, Ruby's nag. Make it
    /// due by 7"; "for Oppi use homelab"; "the Oppi thing goes to the backend workspace". Nil
    /// when nothing follows the few words.
    static func namedFirst(in text: String) -> (pointer: [Substring], values: String)? {
        var said = text.spaceSeparated[...]
        while let first = said.first, leadsBack.contains(UtteranceWords.folded(first.filter { !breaks.contains($0) })) {
            said.removeFirst()
            if first.last.map(breaks.contains) == true { break }
        }
        var pointer: [Substring] = []
        while let word = said.first, pointer.count < 4 {
            let folded = UtteranceWords.folded(word)
            if !pointer.isEmpty, let linking = valueLinks.first(where: { UtteranceWords.begin(said, with: $0) }) {
                said.removeFirst(linking.count)
                break
            }
            said.removeFirst()
            if !folded.isEmpty { pointer.append(folded) }
            if word.last.map(breaks.contains) == true { break }
            if pointer.count == 4 { return nil }
        }
        guard !pointer.isEmpty, !said.isEmpty else { return nil }
        return (pointer, said.joined(separator: " "))
    }

    /// Whether the text has what `namedFirst` looks for, a break or a linking verb early on (most
    /// utterances have neither, and splitting them costs more).
    private static func mayNameFirst(_ text: String, _ words: UtteranceWords) -> Bool {
        words.words.prefix(8).contains(where: valueLinkFirstWords.contains)
            || text.utf8.contains(where: breakBytes.contains)
    }

    /// The first byte of each break ("—" is three bytes, its first 0xE2).
    private static let breakBytes = Set(breaks.compactMap(\.utf8.first))

    private static let valueLinkFirstWords = Set(valueLinks.compactMap(\.first))

    /// What joins a request named first to its values: "Omar's nag is chores", "for Oppi use homelab".
    private static let valueLinks: [[Substring]] = [
        "is", "should be", "will be", "goes to", "goes in", "go to", "use", "uses", "needs", "gets",
    ].map { $0.split(separator: " ") }
}
