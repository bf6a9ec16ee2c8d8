import Catalog

/// The reply to a question about Jiri's own question ("what kinds are there?", "who can I
/// pick?", "what do you need from me?"): what a good answer is, then the question again. The
/// user is engaged, not misunderstood, so no re-prompt is counted.
extension DialogueEngine {
    func explained(_ intent: IntentDefinition, pending: PendingIntent, state: DialogueState) -> DialogueOutcome {
        let parameter = intent.parameters.first { $0.name == pending.awaiting }
        let question = parameter?.prompt ?? "What should I use?"
        let reply = [parameter.flatMap { hint(for: $0, of: intent, askedWith: question) }, question]
            .compactMap { $0 }.joined(separator: " ")
        return DialogueOutcome(
            replyText: reply, mode: "dialogue", intent: info(intent, status: "needs_value", slots: pending.slots),
            expectsReply: true, reprompts: pending.reprompts, state: state)
    }

    /// The catalog's hint, else one from the parameter's type; nil when the question already
    /// names the choices ("What kind of nag is it: chores, meds, …?").
    private func hint(for parameter: ParameterDefinition, of intent: IntentDefinition, askedWith question: String) -> String? {
        if let hint = parameter.hint { return hint }
        switch parameter.type {
        case .enumeration:
            guard let cases = enumeration(of: parameter, in: intent)?.cases,
                  let first = cases.first, !question.lowercased().contains(first.title.lowercased()) else { return nil }
            return "You can say \(cases.map { $0.title.lowercased() }.spokenChoice())."
        case .date: return "A day and a time will do, like tomorrow at 5pm."
        case .duration: return "A length of time will do, like 10 minutes."
        case .integer: return "A number will do."
        case .bool: return "Yes or no will do."
        case .entity: return "Its name will do."
        case .string: return "Just say it in your own words."
        }
    }
}
