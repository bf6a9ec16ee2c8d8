import Catalog
import Understanding

/// A request moved to another app: "actually, do that in CodingBridge instead", "CodingBridge is
/// better for this, send it there", "explain the retry logic in the uploader — let's do this one
/// in CodingBridge". The other app's `takes_over_requests` intent runs with the request's words
/// in its first text parameter; the request itself is dropped, not set aside.
extension DialogueEngine {
    func movingRequest(
        _ text: String, from request: PendingIntent, of intent: IntentDefinition, state: DialogueState,
        principal: Principal, context: MatchContext, turnID: String
    ) async -> DialogueOutcome? {
        let (answer, move) = Self.answerThenMove(text)
        let moveWords = UtteranceWords(String(move))
        guard Self.saysMove(moveWords.words),
              let app = appNames.first(where: { $0.app != intent.app && moveWords.contains($0.words) })?.app,
              let targetID = catalog.app(named: app)?.takesOverRequests,
              let target = catalog.intent(id: targetID),
              let parameter = target.parameters.first(where: \.takesText)
        else { return nil }
        // "actually, search CodingBridge instead", "have Oppi run the migrations instead, in the
        // backend workspace": a request of its own there, not this one moved.
        let understood = await understand(String(move), state: state, context: context, turnID: turnID)
        if let match = understood.match, match.intent.app == app { return nil }
        var state = state
        state.pending = nil
        var slots: [String: SlotValue] = [:]
        if let words = Self.requestText(of: request, in: intent, answer: answer) { slots[parameter.name] = .text(words) }
        return await proceed(target, slots: slots, state: state, principal: principal, context: context, turnID: turnID)
    }

    /// The request's words: the answer said before the move when the question was for them,
    /// else the text the request already has.
    private static func requestText(of request: PendingIntent, in intent: IntentDefinition, answer: Substring) -> String? {
        if !answer.isEmpty, intent.parameters.contains(where: { $0.name == request.awaiting && $0.takesText }) {
            return String(answer)
        }
        for parameter in intent.parameters where parameter.takesText {
            if case .text(let words)? = request.slots[parameter.name] { return words }
        }
        return nil
    }

    /// The answer before a pause and the move after it ("explain the retry logic — let's do this
    /// one in CodingBridge"), or no answer and the whole text.
    private static func answerThenMove(_ text: String) -> (Substring, Substring) {
        guard let cut = firstBreak(in: text, among: [" — ", " – ", "… ", "... ", ". ", "; "]), cut.lowerBound > text.startIndex,
              saysMove(UtteranceWords(String(text[cut.upperBound...])).words) else { return ("", text[...]) }
        return (text[..<cut.lowerBound], text[cut.upperBound...])
    }

    /// "do that", "send it", "do this one", "… instead", "… is better for this": checked before
    /// the apps' names are looked for, which costs more.
    static func saysMove(_ words: [Substring]) -> Bool {
        if words.contains("instead") || words.contains("better") { return true }
        return zip(words, words.dropFirst()).contains { movingVerbs.contains($0) && pointingWords.contains($1) }
    }

    private static let movingVerbs: Set<Substring> = ["do", "send", "put", "move", "take", "try", "hand", "pass", "give", "run"]
}
