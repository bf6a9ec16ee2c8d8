import Catalog
import Understanding

/// A request that refers back to the one before it: a thing pointed at ("snooze it"), a request
/// that goes on in the same app ("now search for rate limiting").
extension DialogueEngine {
    /// A request's values with those it takes from the last request it refers back to.
    static func valuesReferredBack(
        by words: UtteranceWords, to last: PendingIntent, adding slots: [String: SlotValue], of intent: IntentDefinition
    ) -> [String: SlotValue] {
        valuesRepeated(by: words, from: last, adding: valuesPointedAt(by: words, from: last, adding: slots, of: intent), of: intent)
    }

    /// "snooze it for an hour" after "mark Mia's homework nag as done": a thing pointed at ("it",
    /// "that") is the last request's value of the same parameter, when the request left it
    /// out. A person pointed at ("remind her as well") may be someone else, and is asked for.
    private static func valuesPointedAt(
        by words: UtteranceWords, from last: PendingIntent, adding slots: [String: SlotValue], of intent: IntentDefinition
    ) -> [String: SlotValue] {
        guard words.words.contains(where: pointingWords.contains) else { return slots }
        var slots = slots
        for parameter in intent.parameters where parameter.required && slots[parameter.name] == nil {
            if let value = last.slots[parameter.name] { slots[parameter.name] = value }
        }
        return slots
    }

    /// What points at the thing the last request was about: "snooze it", "do that in CodingBridge".
    static let pointingWords: Set<Substring> = ["it", "that", "this"]

    /// "Ava's room is a disaster too, remind her as well" after a chores nag for Noah due at six:
    /// the same request again, with what is said new in place of the old values.
    private static func valuesRepeated(
        by words: UtteranceWords, from last: PendingIntent, adding slots: [String: SlotValue], of intent: IntentDefinition
    ) -> [String: SlotValue] {
        let said = words.words
        guard last.intentID == intent.id, said.last == "too" || said.suffix(2).elementsEqual(["as", "well"]) else { return slots }
        return last.slots.merging(slots) { $1 }
    }

    /// "now search for rate limiting" after a CodingBridge search: a request that goes on from
    /// the last one, names no app and matches nothing alone is read in the app of the last request.
    func inLastApp(
        _ text: String, words: UtteranceWords, state: DialogueState, context: MatchContext, turnID: String
    ) async -> IntentMatch? {
        guard let last = state.lastIntent, words.words.count >= 2, let first = words.words.first,
              Self.goingOn.contains(first) || words.words.last == "too" || words.words.last == "again",
              let app = catalog.intent(id: last.intentID).flatMap({ catalog.app(named: $0.app) }),
              !mentionsApp(words) else { return nil }
        let match = await understand(Self.naming(app.displayName, in: text), state: state, context: context, turnID: turnID).match
        return match?.intent.app == app.name ? match : nil
    }

    /// The text with the app named: "and ask it to prune old images" → "and ask Oppi to prune old
    /// images"; "now search for rate limiting" → "now search for rate limiting in CodingBridge".
    private static func naming(_ app: String, in text: String) -> String {
        var said = text.spaceSeparated
        if let verb = said.indices.dropLast().first(where: { addressing.contains(UtteranceWords.folded(said[$0])) }),
           ["it", "them"].contains(UtteranceWords.folded(said[verb + 1])) {
            said[verb + 1] = Substring(app)
            return said.joined(separator: " ")
        }
        return "\(text) in \(app)"
    }

    private static let addressing: Set<Substring> = ["ask", "tell", "have", "get", "let"]

    private static let goingOn: Set<Substring> = ["now", "and", "also", "then", "next", "ok", "okay", "so", "right", "alright"]
}
