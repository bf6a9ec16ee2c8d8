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
    /// The apps' spoken names, as lower-case words ("codingbridge", "coding bridge", "nags"), with their app.
    let appNames: [(app: String, words: [Substring])]

    init(catalog: Catalog, understanding: any IntentUnderstanding, connectors: ConnectorRegistry, maxReprompts: Int) {
        self.catalog = catalog
        self.understanding = understanding
        self.connectors = connectors
        self.maxReprompts = maxReprompts
        self.capabilities = Self.capabilities(naming: catalog.apps.map(\.displayName))
        self.fallbackReply = "I can't help with that yet. " + capabilities
        self.freeText = FreeTextParameters(catalog: catalog)
        self.appNames = catalog.apps.flatMap { app in
            ([app.name, app.displayName] + app.aliases).map { (app.name, UtteranceWords($0).words) }
        }.filter { !$0.words.isEmpty }
    }

    /// Whether the words name one of the catalog's apps, other than `app` when given.
    func mentionsApp(_ words: UtteranceWords, otherThan app: String? = nil) -> Bool {
        appNames.contains { named, name in named != app && words.contains(name) }
    }

    func respond(to text: String, state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var outcome = await reply(to: text, state: state, principal: principal, context: context, turnID: turnID)
        outcome.dictated += dictation(in: outcome.intent)
        return outcome
    }

    private func reply(to text: String, state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        let words = UtteranceWords(text)
        if state.setAside != nil,
           let resumed = await resumingSetAside(text, words: words, state: state, principal: principal, context: context, turnID: turnID) {
            return resumed
        }

        if let pending = state.pending, let intent = catalog.intent(id: pending.intentID) {
            return await reply(to: text, words: words, answering: pending, of: intent, state: state, principal: principal, context: context, turnID: turnID)
        }

        // "cheers", "ok thanks Jiri": thanks alone close the conversation like a goodbye.
        if ConversationalCues.isGoodbye(words) || ConversationalCues.isDecline(words) || ConversationalCues.isThanks(words) {
            return closing(words, state: state)
        }
        if await endsWithGoodbyeAlone(text, state: state, context: context, turnID: turnID) {
            return closing(words, state: state)
        }
        if ConversationalCues.isHelp(words) {
            return DialogueOutcome(replyText: capabilities, mode: "help", state: state)
        }
        if ConversationalCues.isAcknowledgement(words) {
            return DialogueOutcome(replyText: "Okay.", mode: "dialogue", state: state)
        }
        if let greeting = ConversationalCues.greeting(words) {
            let reply = greeting == .askingAfterJiri ? "I'm doing well, thanks. What can I do for you?" : "Hi! What can I do for you?"
            return DialogueOutcome(replyText: reply, mode: "greeting", expectsReply: true, state: state)
        }
        if let last = state.lastIntent, let change = ConversationalCues.repeatRequest(words), let intent = catalog.intent(id: last.intentID) {
            // "run it once more with high thinking": the same request with the value said.
            let said = change.joined(separator: " ")
            let changed = said.isEmpty ? nil : amended(
                last.slots, of: intent, by: Amendment(answer: said, setsOmitted: true), text: said, context: context, namesWritten: false)
            return await proceed(intent, slots: changed ?? last.slots, state: state, principal: principal, context: context, turnID: turnID)
        }
        if let last = state.lastIntent, Self.saysMove(words.words), let intent = catalog.intent(id: last.intentID),
           let moved = await movingRequest(text, from: last, of: intent, state: state, principal: principal, context: context, turnID: turnID) {
            return moved
        }
        // "actually, what's overdue in Nagz?" after a CodingBridge command: another app's request, not a correction.
        if let last = state.lastIntent, let amended = amended(last, by: words, text: text, context: context),
           !mentionsApp(words, otherThan: amended.intent.app) {
            // "actually no, snooze it for an hour instead" after marking it done: another request.
            let understood = await understand(text, state: state, context: context, turnID: turnID)
            if let match = understood.match, match.intent.id != amended.intent.id {
                let slots = Self.valuesReferredBack(by: words, to: last, adding: match.slots, of: match.intent)
                return traced(await proceed(match.intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID), understood)
            }
            return await proceed(amended.intent, slots: amended.slots, state: state, principal: principal, context: context, turnID: turnID)
        }
        // "now tell Oppi to fix the login test, same workspace": the request, with a value of the last one.
        if let last = state.lastIntent, let same = SameAsBefore.read(text), same.noun != nil, !same.request.isEmpty {
            let understood = await understand(same.request, state: state, context: context, turnID: turnID)
            // "and ask it to prune old docker images too, same workspace": in the last request's app.
            let found = if let match = understood.match { match } else {
                await inLastApp(same.request, words: UtteranceWords(same.request), state: state, context: context, turnID: turnID)
            }
            if let match = found, let slots = same.carried(from: last, into: match.slots, of: match.intent) {
                return traced(await proceed(match.intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID), understood)
            }
        }
        let understood = await understand(text, state: state, context: context, turnID: turnID)
        if let match = understood.match {
            let slots = state.lastIntent.map { Self.valuesReferredBack(by: words, to: $0, adding: match.slots, of: match.intent) }
                ?? match.slots
            return traced(await proceed(match.intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID), understood)
        }
        if let carried = await inLastApp(text, words: words, state: state, context: context, turnID: turnID) {
            return traced(await proceed(carried.intent, slots: carried.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
        }
        // "nag", "overdue?", "Oppi": too little to match, enough to start the intent and ask.
        if let intent = catalog.intent(saidAlone: ConversationalCues.withoutFillers(words)) {
            return traced(await proceed(intent, slots: [:], state: state, principal: principal, context: context, turnID: turnID), understood)
        }
        // "give me an emotional trend report from the mood tracker": no phrasing, but the words
        // of one intent's gist.
        if let intent = catalog.intent(gist: words.words) {
            let slots = understanding.labelledValues(in: text, for: intent)
            var outcome = await proceed(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
            outcome.toolTrace.insert("gist:\(intent.id)", at: 0)
            return traced(outcome, understood)
        }
        return traced(DialogueOutcome(replyText: fallbackReply, mode: "fallback", state: state), understood)
    }

    func understand(_ text: String, state: DialogueState, context: MatchContext, turnID: String) async -> Understood {
        await understanding.understand(Utterance(text: text, context: context, recent: state.recent, turnID: turnID))
    }

    /// A goodbye after sentences that ask for nothing: "Oh bother. Well thank you for trying.
    /// Ta-ta for now." (The sentences are understood only when the last one is a goodbye.)
    func endsWithGoodbyeAlone(_ text: String, state: DialogueState, context: MatchContext, turnID: String) async -> Bool {
        guard let before = ConversationalCues.sentencesBeforeGoodbye(in: text) else { return false }
        return await understand(before, state: state, context: context, turnID: turnID).match == nil
    }

    /// Puts how the utterance was understood (`llm:…`) first in `debug.tool_trace`.
    func traced(_ outcome: DialogueOutcome, _ understood: Understood) -> DialogueOutcome {
        guard let line = understood.trace else { return outcome }
        var outcome = outcome
        outcome.toolTrace.insert(line, at: 0)
        return outcome
    }

    /// Fills defaults, asks for what is missing, confirms what is costly, then runs.
    func proceed(_ intent: IntentDefinition, slots: [String: SlotValue], state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var state = state
        var slots = slots
        if let refusal = roleRefusal(intent, principal: principal) {
            return DialogueOutcome(replyText: refusal, mode: "intent", intent: info(intent, status: "failed", slots: slots),
                                   toolError: "not_permitted", state: state)
        }
        // What is required is asked for by voice first, also for an intent that then opens the
        // app: Siri resolves an App Intent's parameters before it runs ("Search my CodingBridge
        // chats" → "What are you looking for?"). Defaults wait until nothing is missing: an
        // answer may still say the value ("the dentist one, for 45 minutes").
        if let missing = intent.parameters.first(where: { $0.required && $0.defaultValue == nil && slots[$0.name] == nil }) {
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

    func run(_ intent: IntentDefinition, slots: [String: SlotValue], state: DialogueState, principal: Principal, context: MatchContext, turnID: String) async -> DialogueOutcome {
        var state = state
        let ran = PendingIntent(intentID: intent.id, slots: slots)
        state.lastIntent = ran
        state.forgetSetAside(redoneAs: ran)
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

    func closing(_ words: UtteranceWords, state: DialogueState) -> DialogueOutcome {
        let reply = ConversationalCues.isThanks(words) ? "You're welcome!" : "Goodbye!"
        // The conversation is over: nothing set aside in it is gone back to later.
        var state = state
        state.setAside = nil
        return DialogueOutcome(replyText: reply, mode: "goodbye", endConversation: true, state: state)
    }

    /// A question dropped at the user's word. Nothing ran and nothing failed, so the reply
    /// names no intent (a client showing the request as failed would be wrong).
    func cancelled(_ state: DialogueState) -> DialogueOutcome {
        DialogueOutcome(replyText: "Okay, I've cancelled that.", mode: "dialogue", state: state)
    }

    func reprompt(_ intent: IntentDefinition, pending: PendingIntent, state: DialogueState) -> DialogueOutcome {
        var state = state
        var pending = pending
        pending.reprompts += 1
        if pending.reprompts > maxReprompts {
            state.pending = nil
            return DialogueOutcome(replyText: "Sorry, I'm not getting it. Let's try that another way.", mode: "dialogue",
                                   intent: info(intent, status: "failed", slots: pending.slots), reprompts: pending.reprompts, state: state)
        }
        state.pending = pending
        let question = pending.awaitingConfirmation
            ? "Sorry, should I go ahead? Please say yes or no."
            : "Sorry, I didn't catch that. \(prompt(of: intent, awaitedBy: pending))"
        return DialogueOutcome(replyText: question, mode: "dialogue", intent: openQuestion(intent, pending: pending),
                               expectsReply: true, reprompts: pending.reprompts, state: state)
    }

    /// The question kept open after words said to someone else: not a misunderstanding, so no
    /// re-prompt is counted.
    func waiting(_ intent: IntentDefinition, pending: PendingIntent, state: DialogueState, asides: [String]) -> DialogueOutcome {
        let question = pending.awaitingConfirmation ? "Should I go ahead?" : prompt(of: intent, awaitedBy: pending)
        return DialogueOutcome(
            replyText: "Take your time. \(question)", mode: "dialogue", intent: openQuestion(intent, pending: pending),
            expectsReply: true, reprompts: pending.reprompts, state: state, dictated: asides)
    }

    private func prompt(of intent: IntentDefinition, awaitedBy pending: PendingIntent) -> String {
        intent.parameters.first(where: { $0.name == pending.awaiting })?.prompt ?? "What should I use?"
    }

    /// The intent while its question is open: a value or a yes still to come.
    private func openQuestion(_ intent: IntentDefinition, pending: PendingIntent) -> IntentInfo {
        info(intent, status: pending.awaitingConfirmation ? "needs_confirmation" : "needs_value", slots: pending.slots)
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

    func info(_ intent: IntentDefinition, status: String, slots: [String: SlotValue]) -> IntentInfo {
        IntentInfo(id: intent.id, app: intent.app, status: status, slots: slots.mapValues(\.jsonValue))
    }

    private static func capabilities(naming names: [String]) -> String {
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.first ?? "your apps"
        return "I can work with \(list): for example, say \"show my nags\" or \"ask Oppi to run the tests\"."
    }
}
