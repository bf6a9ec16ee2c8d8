import Catalog
import Understanding

extension DialogueEngine {
    /// An answer to an open free-text question that also gives settings: "use sonnet with low
    /// thinking and write docs for the handoff rules" to "What should Pi do?". It is read as
    /// the rest of the App Shortcut phrase that ends in the parameter ("Ask Oppi …"), so the
    /// settings fill their own parameters and the prompt keeps only what Pi should do. Nil
    /// when the answer says nothing but the value (the whole answer is then the value).
    func slotsSaidWithPhrase(
        answering parameter: ParameterDefinition, of intent: IntentDefinition, with text: String,
        given pending: [String: SlotValue], state: DialogueState, context: MatchContext, turnID: String
    ) async -> [String: SlotValue]? {
        guard case .string = parameter.type, let app = catalog.app(named: intent.app) else { return nil }
        let placeholder = "\\(\\.$\(parameter.name))"
        for phrase in intent.phrases where phrase.hasSuffix(placeholder) {
            let lead = phrase.dropLast(placeholder.count).replacing("\\(.applicationName)", with: app.displayName)
            let understood = await understand(lead + text, state: state, context: context, turnID: turnID)
            guard let match = understood.match, match.intent.id == intent.id, match.slots[parameter.name] != nil,
                  match.slots.keys.contains(where: { $0 != parameter.name }) else { continue }
            return pending.merging(match.slots) { _, said in said }
        }
        return nil
    }
}
