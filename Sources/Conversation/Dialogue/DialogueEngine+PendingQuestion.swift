import Catalog
import Understanding

/// Replies while Jiri waits on an answer to its question: the question dropped (a cancel, a
/// goodbye, thanks, an acknowledgement), a yes or no to a confirmation, the answer, a new request
/// that takes over, a correction, or the question asked again.
extension DialogueEngine {
    func reply(
        to text: String, words: UtteranceWords, answering pending: PendingIntent, of intent: IntentDefinition,
        state: DialogueState, principal: Principal, context: MatchContext, turnID: String
    ) async -> DialogueOutcome {
        var state = state
        if ConversationalCues.isCancel(words) || ConversationalCues.endsInCancel(text) {
            state.pending = nil
            return cancelled(state)
        }
        // "cheers" to a question: the user leaves it unanswered and is done ("yes thanks"
        // to a confirmation is a yes).
        if ConversationalCues.isGoodbye(words) || !pending.awaitingConfirmation && ConversationalCues.isThanks(words) {
            state.pending = nil
            return closing(words, state: state)
        }
        // "Oh dear, well never mind. That will be all, dear." "I'll come back to it later, bye."
        if ConversationalCues.putsOffThenSaysGoodbye(text) {
            state.pending = nil
            return closing(words, state: state)
        }
        if await endsWithGoodbyeAlone(text, state: state, context: context, turnID: turnID) {
            state.pending = nil
            return closing(words, state: state)
        }
        // "ok, got it" to "Which workspace?": heard, not answered. Nothing runs, and the reply
        // says so rather than asking again ("ok" to a confirmation is a yes).
        if !pending.awaitingConfirmation, ConversationalCues.isAcknowledgement(words, answeringNothing: false) {
            state.pending = nil
            return DialogueOutcome(replyText: "Okay, I'll leave that for now.", mode: "dialogue", state: state)
        }
        // "I don't know how I feel", "let me think about what I want": no answer yet, only time asked for.
        if ConversationalCues.isStalling(text) {
            return waiting(intent, pending: pending, state: state, asides: [])
        }
        // "Hang on — Leo, stop chasing the cat!": said to someone else. Jiri keeps waiting, and
        // reads only the rest as the answer.
        let heard = Asides.read(text)
        if heard.changed {
            if heard.answer.isEmpty { return waiting(intent, pending: pending, state: state, asides: heard.asides) }
            var outcome = await reply(
                toAnswer: heard.answer, words: UtteranceWords(heard.answer), answering: pending, of: intent,
                state: state, principal: principal, context: context, turnID: turnID)
            outcome.dictated += heard.asides
            return outcome
        }
        return await reply(
            toAnswer: text, words: words, answering: pending, of: intent, state: state, principal: principal, context: context, turnID: turnID)
    }

    /// The reply to what is left once asides are set aside.
    private func reply(
        toAnswer text: String, words: UtteranceWords, answering pending: PendingIntent, of intent: IntentDefinition,
        state: DialogueState, principal: Principal, context: MatchContext, turnID: String
    ) async -> DialogueOutcome {
        var state = state
        // "actually, do that in CodingBridge instead": the request goes to the other app.
        if Self.saysMove(words.words),
           let moved = await movingRequest(text, from: pending, of: intent, state: state, principal: principal, context: context, turnID: turnID) {
            return moved
        }
        // "what do you mean by a workspace?": the question again, with what a good answer is.
        if !pending.awaitingConfirmation, ConversationalCues.asksAboutTheQuestion(words) {
            return explained(intent, pending: pending, state: state)
        }
        // "who can I pick?" is about the question; "what nags do I have?" is a request that takes over.
        if !pending.awaitingConfirmation, ConversationalCues.asksAboutTheChoices(words) {
            let understood = await understand(text, state: state, context: context, turnID: turnID)
            if let match = understood.match, match.intent.id != intent.id {
                state.setPendingAside()
                return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
            }
            return traced(explained(intent, pending: pending, state: state), understood)
        }
        // "never mind that, resume my last chat": the question is dropped for the request.
        if let request = ConversationalCues.request(afterCancelIn: text) {
            var aside = state
            aside.setPendingAside()
            let understood = await understand(request, state: aside, context: context, turnID: turnID)
            if let match = understood.match {
                return traced(await proceed(match.intent, slots: match.slots, state: aside, principal: principal, context: context, turnID: turnID), understood)
            }
            // "scratch that — it's her science project, so homework": what was said is taken
            // back, not the request.
            let change = Amendment(answer: UtteranceWords(request).normalized, setsOmitted: false)
            if !pending.awaitingConfirmation,
               let slots = amended(pending.slots, of: intent, by: change, text: request, context: context, namesWritten: true),
               slots != pending.slots {
                state.pending = nil
                return await proceed(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
            }
            return cancelled(aside)
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
        return await answer(text, words: words, to: pending, of: intent, state: state, principal: principal, context: context, turnID: turnID)
    }

    /// How sure the understanding must be of a request that names an app to take it over a
    /// free-text question: four words of evidence, as the matcher's own plain matches.
    static let plainRequestConfidence = 0.9

    /// The answer, a request that takes over, a correction, or the question again.
    private func answer(
        _ text: String, words: UtteranceWords, to pending: PendingIntent, of intent: IntentDefinition,
        state: DialogueState, principal: Principal, context: MatchContext, turnID: String
    ) async -> DialogueOutcome {
        var state = state
        var pending = pending
        var heard: Understood?
        var answer = pending.awaitingConfirmation ? text : Self.withoutAgreement(text)
        // "no, make that Ella. It's homework": the request corrected, then the question answered.
        if !pending.awaitingConfirmation, let (correction, rest) = Self.correctionThenAnswer(in: text),
           let amended = amended(pending, by: UtteranceWords(correction), text: correction, context: context, namesWritten: true) {
            pending.slots = amended.slots
            answer = rest
        }
        // "homework — oh and it's for Noah actually", "no wait, it's for Mia not Leo".
        if !pending.awaitingConfirmation, let correction = selfCorrection(in: answer, answering: pending, of: intent, context: context) {
            pending.slots = correction.slots
            guard let rest = correction.answer else {
                state.pending = nil
                return await proceed(intent, slots: pending.slots, state: state, principal: principal, context: context, turnID: turnID)
            }
            answer = rest
        }
        if !pending.awaitingConfirmation, let awaiting = pending.awaiting,
           let parameter = intent.parameters.first(where: { $0.name == awaiting }) {
            // "same category as before": the last request's value.
            if let same = SameAsBefore.read(answer), same.request.isEmpty, same.names(parameter),
               let value = state.lastIntent?.slots[awaiting] {
                var slots = pending.slots
                slots[awaiting] = value
                state.pending = nil
                return await proceed(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
            }
            // A name can be any words, so a request for another intent is heard as one
            // before it is taken for a name ("what's overdue" to "Who is the nag for?"); so is
            // an answer to a short free-text question ("remind Sam to …" to "How are you
            // feeling?"). A plain request that names an app takes over any free-text question
            // ("continue my CodingBridge session" to "What are you looking for?"), though a
            // prompt for Oppi may well name an app.
            let requestShaped = isRequestShaped(answering: parameter, of: intent)
            if requestShaped || mentionsApp(words), !Self.describesAwaited(parameter, in: words) {
                let understood = await understand(text, state: state, context: context, turnID: turnID)
                heard = understood
                // "actually, search CodingBridge instead": said to replace the question, however plain.
                let saysInstead = words.words.last == "instead"
                if let match = understood.match,
                   requestShaped ? match.intent.id != intent.id || restates(pending, with: match, of: intent)
                                 : match.intent.id != intent.id && (match.confidence >= Self.plainRequestConfidence || saysInstead) {
                    state.setPendingAside()
                    return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
                }
            } else if let request = ConversationalCues.request(afterRedirectIn: text) {
                // "actually, check git status in CodingBridge" to "What's your idea?".
                let understood = await understand(request, state: state, context: context, turnID: turnID)
                if let match = understood.match, match.intent.id != intent.id {
                    state.setPendingAside()
                    return traced(await proceed(match.intent, slots: match.slots, state: state, principal: principal, context: context, turnID: turnID), understood)
                }
            }
            if !freeText.isBounded(parameter.name, of: intent.id),
               let slots = await slotsSaidWithPhrase(
                   answering: parameter, of: intent, with: answer, given: pending.slots, state: state, context: context, turnID: turnID) {
                state.pending = nil
                return await proceed(intent, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
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
            state.setPendingAside()
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
}
