import Catalog
import Foundation
import JiriAPI
import Understanding

/// Turns one utterance plus the remembered dialogue state into a reply:
/// answers pending questions, confirms costly actions, fills slots, checks
/// roles and runs tools. It holds no state of its own.
struct DialogueEngine: Sendable {
    let catalog: Catalog
    /// The phrase matcher, or a language model that falls back to it.
    let understanding: any IntentUnderstanding
    let connectors: ConnectorRegistry
    /// After this many unanswered re-prompts Jiri gives up politely.
    let maxReprompts: Int
    /// What Jiri can do, naming the catalog's apps: the answer to "help" (built once, not per turn).
    let capabilities: String
    /// The reply to what no app can do.
    let fallbackReply: String
    /// Which free-text parameters the catalog bounds or limits to an enum.
    let freeText: FreeTextParameters

    init(catalog: Catalog, understanding: any IntentUnderstanding, connectors: ConnectorRegistry, maxReprompts: Int) {
        self.catalog = catalog
        self.understanding = understanding
        self.connectors = connectors
        self.maxReprompts = maxReprompts
        self.capabilities = Self.capabilities(naming: catalog.apps.map(\.displayName))
        self.fallbackReply = "I can't help with that yet. " + capabilities
        self.freeText = FreeTextParameters(catalog: catalog)
    }

    func respond(to text: String, state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var outcome = await reply(to: text, state: state, principal: principal, context: context, turnID: turnID)
        outcome.dictated = dictation(in: outcome.intent)
        return outcome
    }

    private func reply(to text: String, state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        let words = UtteranceWords(text)
        var state = state

        if var pending = state.pending, let intent = catalog.intent(id: pending.intentID) {
            if ConversationalCues.isCancel(words) {
                state.pending = nil
                return cancelled(state)
            }
            // "cheers" to a question: the user leaves it unanswered and is done ("yes thanks"
            // to a confirmation is a yes).
            if ConversationalCues.isGoodbye(words) || !pending.awaitingConfirmation && ConversationalCues.isThanks(words) {
                state.pending = nil
                return closing(words, state: state)
            }
            // "ok, got it" to "Which workspace?": heard, not answered. Nothing runs, and the reply
            // says so rather than asking again ("ok" to a confirmation is a yes).
            if !pending.awaitingConfirmation, ConversationalCues.isAcknowledgement(words, answeringNothing: false) {
                state.pending = nil
                return DialogueOutcome(replyText: "Okay, I'll leave that for now.", mode: "dialogue", state: state)
            }
            // "never mind that, resume my last chat": the question is dropped for the request.
            if let request = ConversationalCues.request(afterCancelIn: text) {
                state.pending = nil
                let understood = await understand(request, state: state, context: context, turnID: turnID)
                if let match = understood.match {
                    return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
                }
                return cancelled(state)
            }
            if pending.awaitingConfirmation {
                if ConversationalCues.isYes(words) {
                    state.pending = nil
                    return await run(intent, slots: pending.slots, state: state, principal: principal, context: context, turnID: turnID)
                }
                if ConversationalCues.isNo(words) {
                    state.pending = nil
                    return DialogueOutcome(replyText: "Okay, I won't do that.", mode: "dialogue", state: state)
                }
            }
            var heard: Understood?
            var answer = text
            // "no, make that Ella. It's homework": the request corrected, then the question answered.
            if !pending.awaitingConfirmation, let (correction, rest) = Self.correctionThenAnswer(in: text),
               let amended = amended(pending, by: UtteranceWords(correction), text: correction, context: context, namesWritten: true) {
                pending.slots = amended.slots
                answer = rest
            }
            if !pending.awaitingConfirmation, let awaiting = pending.awaiting,
               let parameter = intent.parameters.first(where: { $0.name == awaiting }) {
                // A name can be any words, so a request for another intent is heard as one
                // before it is taken for a name ("what's overdue" to "Who is the nag for?"); so is
                // an answer to a short free-text question ("remind Sam to …" to "How are you
                // feeling?").
                if isRequestShaped(answering: parameter, of: intent) {
                    let understood = await understand(text, state: state, context: context, turnID: turnID)
                    heard = understood
                    if let match = understood.match, match.intent.id != intent.id || restates(pending, with: match, of: intent) {
                        state.pending = nil
                        return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
                    }
                } else if let request = ConversationalCues.request(afterRedirectIn: text) {
                    // "actually, check git status in CodingBridge" to "What's your idea?".
                    let understood = await understand(request, state: state, context: context, turnID: turnID)
                    if let match = understood.match, match.intent.id != intent.id {
                        state.pending = nil
                        return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
                    }
                }
                if let slots = slots(answering: parameter, of: intent, with: answer, given: pending.slots, context: context) {
                    state.pending = nil
                    return await proceed(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
                }
            }
            // Not an answer: a new request takes over; otherwise ask again (a name's answer was
            // understood above already).
            let understood = if let heard { heard } else { await understand(text, state: state, context: context, turnID: turnID) }
            if let match = understood.match, match.intent.id != intent.id || pending.awaitingConfirmation {
                state.pending = nil
                return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
            }
            // "no, for Max" while Jiri asks when it is due: the request is corrected and the
            // question asked again, not counted as misunderstood.
            if !pending.awaitingConfirmation, let amended = amended(pending, by: words, text: text, context: context, namesWritten: true),
               amended.slots != pending.slots {
                state.pending = nil
                return await proceed(amended.intent, slots: amended.slots, state: state, principal: principal, context: context, turnID: turnID)
            }
            return traced(reprompt(intent, pending: pending, state: state), understood)
        }

        // "cheers", "ok thanks Jiri": thanks alone close the conversation like a goodbye.
        if ConversationalCues.isGoodbye(words) || ConversationalCues.isDecline(words) || ConversationalCues.isThanks(words) {
            return closing(words, state: state)
        }
        if ConversationalCues.isHelp(words) {
            return DialogueOutcome(replyText: capabilities, mode: "help", state: state)
        }
        if ConversationalCues.isAcknowledgement(words) {
            return DialogueOutcome(replyText: "Okay.", mode: "dialogue", state: state)
        }
        if let last = state.lastIntent, let amended = amended(last, by: words, text: text, context: context) {
            return await proceed(amended.intent, slots: amended.slots, state: state, principal: principal, context: context, turnID: turnID)
        }
        let understood = await understand(text, state: state, context: context, turnID: turnID)
        if let match = understood.match {
            return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
        }
        return traced(DialogueOutcome(replyText: fallbackReply, mode: "fallback", state: state), understood)
    }

    private func understand(_ text: String, state: DialogueState, context: MatchContext, turnID: String) async -> Understood {
        await understanding.understand(Utterance(text: text, context: context, recent: state.recent, turnID: turnID))
    }

    /// Puts how the utterance was understood (`llm:…`) first in `debug.tool_trace`.
    private func traced(_ outcome: DialogueOutcome, _ understood: Understood) -> DialogueOutcome {
        guard let line = understood.trace else { return outcome }
        var outcome = outcome
        outcome.toolTrace.insert(line, at: 0)
        return outcome
    }

    /// Fills defaults, asks for what is missing, confirms what is costly, then runs.
    private func proceed(_ intent: IntentDefinition, slots: [String: SlotValue], state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var state = state
        var slots = slots
        if let refusal = roleRefusal(intent, principal: principal) {
            return DialogueOutcome(replyText: refusal, mode: "intent", intent: info(intent, status: "failed", slots: slots),
                                   toolError: "not_permitted", state: state)
        }
        // Foreground intents open the app, which asks for anything missing itself. Defaults wait
        // until nothing is: an answer may still say the value ("the dentist one, for 45 minutes").
        if !intent.opensApp,
           let missing = intent.parameters.first(where: { $0.required && $0.defaultValue == nil && slots[$0.name] == nil }) {
            let pending = PendingIntent(intentID: intent.id, slots: slots, awaiting: missing.name)
            state.pending = pending
            return DialogueOutcome(replyText: missing.prompt ?? "What \(missing.name) should I use?", mode: "dialogue",
                                   intent: info(intent, status: "needs_value", slots: slots), sensitive: missing.sensitive,
                                   expectsReply: true, state: state)
        }
        for parameter in intent.parameters where slots[parameter.name] == nil {
            if let defaultValue = parameter.defaultValue,
               let value = SlotParser.parse(defaultValue, for: parameter, catalog: catalog, context: context) {
                slots[parameter.name] = value
            }
        }
        // Foreground intents are confirmed on screen by the app itself.
        if intent.confirm && !intent.opensApp {
            state.pending = PendingIntent(intentID: intent.id, slots: slots, awaitingConfirmation: true)
            let summary = DialogTemplate.render(intent.dialogs["confirm"] ?? "\(intent.title)?", slots: slots, context: context)
            return DialogueOutcome(replyText: summary.hasSuffix("?") ? summary : summary + " Should I go ahead?", mode: "dialogue",
                                   intent: info(intent, status: "needs_confirmation", slots: slots), expectsReply: true, state: state)
        }
        return await run(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
    }

    private func run(_ intent: IntentDefinition, slots: [String: SlotValue], state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var state = state
        state.lastIntent = PendingIntent(intentID: intent.id, slots: slots)
        guard let app = catalog.app(named: intent.app) else {
            return DialogueOutcome(replyText: fallbackReply, mode: "fallback", state: state)
        }
        if intent.opensApp {
            // Runs in the app: the handoff rules move the user there. A handoff sentence that
            // names a value the user did not give ("Searching … for {query}") is not said.
            let generic = "Let's continue in \(app.displayName)."
            let reply = intent.dialogs["handoff"].flatMap { DialogTemplate.renderIfComplete($0, slots: slots, context: context) } ?? generic
            return DialogueOutcome(replyText: reply, mode: "intent", intent: info(intent, status: "handed_off", slots: slots),
                                   foreground: true, toolTrace: ["\(intent.id):foreground"], state: state)
        }
        let invocation = ToolInvocation(intent: intent, app: app, slots: slots, principal: principal, context: context, turnID: turnID)
        let outcome = await connectors.connector(for: app).execute(invocation)
        if outcome.status == .needsValue, let askFor = outcome.askFor {
            state.pending = PendingIntent(intentID: intent.id, slots: slots.filter { $0.key != askFor }, awaiting: askFor)
            return DialogueOutcome(replyText: outcome.replyText, mode: "dialogue", intent: info(intent, status: "needs_value", slots: slots),
                                   expectsReply: true, toolTrace: outcome.trace, state: state)
        }
        return DialogueOutcome(
            replyText: outcome.replyText, mode: "intent",
            intent: info(intent, status: outcome.status == .completed ? "completed" : "failed", slots: slots),
            itemCount: outcome.itemCount, toolError: outcome.error,
            actions: outcome.actions, toolTrace: outcome.trace, state: state
        )
    }

    private func closing(_ words: UtteranceWords, state: DialogueState) -> DialogueOutcome {
        let reply = ConversationalCues.isThanks(words) ? "You're welcome!" : "Goodbye!"
        return DialogueOutcome(replyText: reply, mode: "goodbye", endConversation: true, state: state)
    }

    /// A question dropped at the user's word. Nothing ran and nothing failed, so the reply
    /// names no intent (a client showing the request as failed would be wrong).
    private func cancelled(_ state: DialogueState) -> DialogueOutcome {
        DialogueOutcome(replyText: "Okay, I've cancelled that.", mode: "dialogue", state: state)
    }

    private func reprompt(_ intent: IntentDefinition, pending: PendingIntent, state: DialogueState) -> DialogueOutcome {
        var state = state
        var pending = pending
        pending.reprompts += 1
        if pending.reprompts > maxReprompts {
            state.pending = nil
            return DialogueOutcome(replyText: "Sorry, I'm not getting it. Let's try that another way.", mode: "dialogue",
                                   intent: info(intent, status: "failed", slots: pending.slots), reprompts: pending.reprompts, state: state)
        }
        state.pending = pending
        let question: String
        if pending.awaitingConfirmation {
            question = "Sorry, should I go ahead? Please say yes or no."
        } else {
            let prompt = intent.parameters.first(where: { $0.name == pending.awaiting })?.prompt ?? "What should I use?"
            question = "Sorry, I didn't catch that. \(prompt)"
        }
        return DialogueOutcome(replyText: question, mode: "dialogue", intent: info(intent, status: pending.awaitingConfirmation ? "needs_confirmation" : "needs_value", slots: pending.slots),
                               expectsReply: true, reprompts: pending.reprompts, state: state)
    }

    private func roleRefusal(_ intent: IntentDefinition, principal: Principal) -> String? {
        guard let allowed = intent.allowedRoles, !allowed.isEmpty, let role = principal.roles[intent.app] else { return nil }
        guard !allowed.contains(role) else { return nil }
        let app = catalog.app(named: intent.app)
        let template = intent.dialogs["not_permitted"] ?? app?.errorDialogs["not_permitted"]
            ?? "Your role ({role}) doesn't have permission for this action."
        return template.replacingOccurrences(of: "{role}", with: role)
    }

    /// The values of the intent's free-text parameters.
    private func dictation(in info: IntentInfo?) -> [String] {
        guard let info, !info.slots.isEmpty, let intent = catalog.intent(id: info.id) else { return [] }
        return intent.parameters.compactMap { parameter in
            guard case .string = parameter.type, case .string(let text)? = info.slots[parameter.name] else { return nil }
            return text
        }
    }

    private func info(_ intent: IntentDefinition, status: String, slots: [String: SlotValue]) -> IntentInfo {
        IntentInfo(id: intent.id, app: intent.app, status: status, slots: slots.mapValues(\.jsonValue))
    }

    private static func capabilities(naming names: [String]) -> String {
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.first ?? "your apps"
        return "I can work with \(list): for example, say \"show my nags\" or \"ask Oppi to run the tests\"."
    }
}
