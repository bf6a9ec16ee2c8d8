import Catalog
import Foundation
import JiriAPI
import Understanding

/// Turns a model's tool call into the intent match the matcher would have
/// produced: the tool name maps back to its intent, and every argument is
/// read by the same slot parsers that read the user's own answers, so slots
/// are typed and validated exactly as for spoken values.
struct ToolCallInterpreter: Sendable {
    let catalog: Catalog

    func match(_ call: ChatCompletions.FunctionCall, context: MatchContext) throws(ModelFailure) -> IntentMatch {
        guard let intent = catalog.intent(toolName: call.name) else {
            throw .unknownTool(call.name)
        }
        var slots: [String: SlotValue] = [:]
        for (name, argument) in try Self.arguments(of: call) {
            // Arguments naming no parameter are ignored, as the matcher ignores extra words.
            guard let parameter = Self.parameter(named: name, in: intent),
                  let text = try Self.text(of: argument, for: parameter, tool: call.name)
            else { continue }
            // The parameter's name only: the value may be private.
            guard let value = slot(text, for: parameter, of: intent, context: context) else {
                throw .badArguments("\(call.name): the \(parameter.name) argument is not a valid value")
            }
            slots[parameter.name] = value
        }
        inferEnumerations(into: &slots, of: intent, context: context)
        // The model's choice carries no score of its own.
        return IntentMatch(intent: intent, confidence: 1, slots: slots)
    }

    private static func arguments(of call: ChatCompletions.FunctionCall) throws(ModelFailure) -> [String: JSONValue] {
        switch call.arguments {
        case .object(let object):
            return object
        case .unreadable:
            throw .badArguments("\(call.name): the arguments are not a JSON object")
        case .text(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed == "null" { return [:] }
            do {
                return try JSONDecoder().decode([String: JSONValue].self, from: Data(trimmed.utf8))
            } catch {
                throw .badArguments("\(call.name): the arguments are not a JSON object of values")
            }
        }
    }

    /// The exact name, or the same name in another case style (`due_at` for `dueAt`).
    private static func parameter(named name: String, in intent: IntentDefinition) -> ParameterDefinition? {
        if let exact = intent.parameters.first(where: { $0.name == name }) { return exact }
        let key = looseKey(name)
        return intent.parameters.first { looseKey($0.name) == key }
    }

    private static func looseKey(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "_" && $0 != "-" })
    }

    /// The argument as words for the slot parser; nil for a value the model
    /// left empty, which counts as not given. No parameter takes a list or an object.
    private static func text(of argument: JSONValue, for parameter: ParameterDefinition, tool: String) throws(ModelFailure) -> String? {
        let minutes: Bool
        if case .duration = parameter.type { minutes = true } else { minutes = false }
        switch argument {
        case .null:
            return nil
        case .bool(let value):
            return value ? "true" : "false"
        case .array, .object:
            throw .badArguments("\(tool): the \(parameter.name) argument is not a single value")
        case .number(let value):
            let number = value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
            return minutes ? "\(number) minutes" : number
        case .string(let value):
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { return nil }
            // The tool schema asks for durations in minutes.
            if minutes, trimmed.allSatisfy(\.isNumber) { return "\(trimmed) minutes" }
            return trimmed
        }
    }

    private func slot(_ text: String, for parameter: ParameterDefinition, of intent: IntentDefinition, context: MatchContext) -> SlotValue? {
        // The tool schema asks for ISO-8601 date-times; spoken forms still work.
        if case .date = parameter.type, let date = ISODateTime.parse(text, in: context.timeZone) {
            return .date(date)
        }
        return SlotParser.parse(text, for: parameter, of: intent, catalog: catalog, context: context)
    }

    /// An enum the model left out may be named in a free-text argument
    /// ("do her homework" gives `category: homework`), as the matcher infers it.
    private func inferEnumerations(into slots: inout [String: SlotValue], of intent: IntentDefinition, context: MatchContext) {
        for parameter in intent.parameters where slots[parameter.name] == nil && !parameter.inferFrom.isEmpty {
            guard case .enumeration = parameter.type else { continue }
            for source in parameter.inferFrom {
                guard case .text(let words)? = slots[source],
                      let value = SlotParser.parse(words, for: parameter, of: intent, catalog: catalog, context: context)
                else { continue }
                slots[parameter.name] = value
                break
            }
        }
    }
}
