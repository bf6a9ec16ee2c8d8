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
        if let value = SlotParser.parse(text, for: parameter, of: intent, catalog: catalog, context: context),
           !isMeasure(value, in: intent, besides: parameter, context: context) {
            slots[parameter.name] = Self.named(value, for: parameter, asSaidIn: text)
            for implied in intent.parameters where slots[implied.name] == nil && implied.inferFrom.contains(parameter.name) {
                slots[implied.name] = SlotParser.parse(text, for: implied, of: intent, catalog: catalog, context: context)
            }
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
