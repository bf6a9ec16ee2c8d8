/// Answers not given yet: the user does not know, thinks aloud, or puts the answer off.
extension ConversationalCues {
    /// "I don't know how I feel", "let me think about what I want", "I'm not sure how to put it
    /// yet, give me a second": every clause says the user has no answer yet.
    static func isStalling(_ text: String) -> Bool {
        let clauses = wordsOfClauses(text)
        return !clauses.isEmpty && clauses.allSatisfy { saysNoAnswerYet($0) }
    }

    /// "I'll come back to it later, bye", "no idea yet, bye": the answer put off, then a goodbye.
    static func putsOffThenSaysGoodbye(_ text: String) -> Bool {
        let clauses = wordsOfClauses(text)
        guard clauses.count >= 2, let last = clauses.last, isGoodbye(UtteranceWords(last.joined(separator: " "))) else { return false }
        return clauses.dropLast().allSatisfy { clause in
            saysNoAnswerYet(clause) || deferrals.contains { UtteranceWords.begin(clause, with: $0) }
        }
    }

    private static func wordsOfClauses(_ text: String) -> [[Substring]] {
        Sentences.clauses(text).map { UtteranceWords(String($0)).words }.filter { !$0.isEmpty }
    }

    private static func saysNoAnswerYet(_ clause: [Substring]) -> Bool {
        stallOpeners.contains { UtteranceWords.begin(clause, with: $0) } || stallClauses.contains(clause.joined(separator: " "))
    }

    private static let deferrals: [[Substring]] = [
        "ill come back to", "i will come back to", "ill get back to", "i will get back to", "ill do it later",
        "ill do that later", "maybe later", "another time", "some other time", "ill think about it", "later",
    ].map { $0.split(separator: " ") }

    /// What starts a clause that has no answer in it, whatever follows ("I don't know how I feel").
    private static let stallOpeners: [[Substring]] = [
        "i dont know", "i do not know", "dont know", "i dont remember", "i do not remember", "i cant remember",
        "i can not remember", "im not sure", "i am not sure", "not sure", "no idea", "i have no idea", "let me think",
        "good question", "honestly i dont know", "honestly im not sure", "im still thinking", "i am still thinking",
        "still thinking", "i need to think",
    ].map { $0.split(separator: " ") }
    /// Clauses that hold nothing but a pause ("hmm", "give me a second"); with more after them
    /// they lead up to an answer ("um Leo").
    private static let stallClauses: Set<String> = [
        "hmm", "um", "uh", "let me see", "give me a second", "give me a sec", "give me a moment", "give me a minute",
        "hold on", "hang on", "one sec", "one second", "just a sec", "just a second", "wait", "yet",
    ]
}
