import Foundation
import Catalog
import Understanding

extension ToolOutcome {
    /// A completed call, spoken with the first of the intent's dialogs `keys`
    /// that exists (`success_one` before `success`, say). `values` fill result
    /// placeholders (`{count}`) and override slots (`{recipient}` → the
    /// resolved name rather than what was said).
    static func completed(_ invocation: ToolInvocation, dialog keys: [String], values: [String: String] = [:], itemCount: Int? = nil, call: ConnectorCall) -> ToolOutcome {
        let template = keys.lazy.compactMap { invocation.intent.dialogs[$0] }.first ?? "Done."
        return ToolOutcome(status: .completed, replyText: invocation.render(template, values: values), itemCount: itemCount, trace: call.trace)
    }

    /// A failed call in the app's own words: the intent's dialog for the error
    /// (Oppi's "Can't reach {serverName}."), else the app's, else a plain
    /// sentence that still tells the truth. A dialog whose placeholders cannot
    /// all be filled is skipped rather than spoken with a hole in it.
    static func failure(_ failure: ConnectorFailure, for invocation: ToolInvocation, values: [String: String] = [:], call: ConnectorCall) -> ToolOutcome {
        let key = failure.code.rawValue
        let candidates = [invocation.intent.dialogs[key], invocation.app.errorDialogs[key]].compactMap { $0 }
        let template = candidates.first { invocation.canRender($0, values: values) } ?? fallbackDialog(failure.code, app: invocation.app)
        return ToolOutcome(status: .failed, replyText: invocation.render(template, values: values), error: key, trace: call.trace)
    }

    /// The tool needs the user to say which (or what) `parameter` first.
    static func needsValue(_ parameter: String, question: String, call: ConnectorCall) -> ToolOutcome {
        ToolOutcome(status: .needsValue, replyText: question, trace: call.trace, askFor: parameter)
    }

    private static func fallbackDialog(_ code: ConnectorFailure.Code, app: AppDefinition) -> String {
        let name = app.displayName
        switch code {
        case .unreachable, .badResponse:
            return app.errorDialogs[ConnectorFailure.Code.unreachable.rawValue] ?? "I can't reach \(name) right now."
        case .notLoggedIn: return "\(name) needs you to log in first."
        case .notPermitted: return "\(name) didn't allow that."
        case .notFound: return "I couldn't find that in \(name)."
        default: return "\(name) couldn't do that."
        }
    }
}

extension ToolInvocation {
    /// Fills a catalog dialog. Sensitive parameters (nag descriptions, notes)
    /// are never read back, whatever a template asks for.
    func render(_ template: String, values: [String: String]) -> String {
        DialogTemplate.render(template, slots: speakableSlots, extra: values, context: context)
    }

    /// Whether every `{placeholder}` of `template` has a value to put in.
    func canRender(_ template: String, values: [String: String]) -> Bool {
        let speakable = speakableSlots
        return DialogTemplate.placeholders(in: template).allSatisfy { values[$0] != nil || speakable[$0] != nil }
    }

    /// The intent's required parameter that has no value yet, if any.
    var missingRequiredParameter: ParameterDefinition? {
        intent.parameters.first { $0.required && slots[$0.name] == nil }
    }

    /// What the user said for `name` as plain text (a mention, an enum case, free text).
    func mention(_ name: String) -> String? {
        switch slots[name] {
        case .text(let text), .entity(let text), .enumCase(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        default:
            return nil
        }
    }

    /// A date slot; slots restored from a saved dialogue carry dates as ISO-8601 text.
    func date(_ name: String) -> Date? {
        switch slots[name] {
        case .date(let date): date
        case .text(let text): ConnectorJSON.parseDate(text)
        default: nil
        }
    }

    private var speakableSlots: [String: SlotValue] {
        slots.filter { name, _ in intent.parameter(named: name)?.sensitive != true }
    }
}
