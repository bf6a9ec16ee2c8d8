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
        let answer = if case .entity = parameter.type { Self.withoutLeadIn(text) } else { text }
        if let value = SlotParser.parse(answer, for: parameter, of: intent, catalog: catalog, context: context),
           !isMeasure(value, in: intent, besides: parameter, context: context) {
            slots[parameter.name] = Self.named(value, for: parameter, asSaidIn: answer)
            for implied in intent.parameters where slots[implied.name] == nil && implied.inferFrom.contains(parameter.name) {
                slots[implied.name] = SlotParser.parse(answer, for: implied, of: intent, catalog: catalog, context: context)
            }
            fillMeasures(of: intent, besides: parameter, fromClausesOf: answer, into: &slots, context: context)
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

    /// Words people put before a name they give as an answer: "make it Noah", "it's for Sam".
    private static let answerLeadIns: [[Substring]] = [
        "make it for", "make it", "it is for", "its for", "it is", "its", "thats for", "that is for", "for", "call it",
        "i said", "i meant", "put",
    ].map { $0.split(separator: " ") }

    static func withoutLeadIn(_ text: String) -> String {
        let words = text.split(separator: " ")
        let folded = words.map { $0.lowercased().filter { $0 != "'" && $0 != "\u{2019}" } }
        for lead in answerLeadIns where lead.count < words.count && zip(lead, folded).allSatisfy({ $0 == $1 }) {
            return words.dropFirst(lead.count).joined(separator: " ")
        }
        return text
    }

    /// A time or a number said in a clause of its own after the answer ("meds, tomorrow at 8")
    /// fills the parameter it fits when that one is still missing.
    private func fillMeasures(
        of intent: IntentDefinition, besides parameter: ParameterDefinition, fromClausesOf answer: String,
        into slots: inout [String: SlotValue], context: MatchContext
    ) {
        let clauses = answer.split(whereSeparator: { ",;".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard clauses.count > 1 else { return }
        for clause in clauses.dropFirst() {
            for other in measures(of: intent, besides: parameter) where slots[other.name] == nil {
                if let value = SlotParser.parseMeasure(clause, for: other, context: context) {
                    slots[other.name] = value
                    break
                }
            }
        }
    }

    /// Whether an answer to `parameter`'s question could be a request for another intent
    /// and should be understood as one first: any answer for a name, and free text longer
    /// than the parameter is ever said.
    func isRequestShaped(answering parameter: ParameterDefinition, of intent: IntentDefinition, words: UtteranceWords) -> Bool {
        switch parameter.type {
        case .entity: true
        case .string: answerLengths.longest(parameter.name, of: intent.id).map { words.words.count > $0 } ?? false
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
        var words = name.split(separator: " ")
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

    private static func isMeasure(_ type: ParameterType) -> Bool {
        switch type {
        case .integer, .duration, .date: true
        default: false
        }
    }
}
