import Catalog

/// A request to an app that only its catch-all read, heard by the gist of the app's other intents.
extension IntentMatcher {
    /// A request to an app read only by its catch-all ("CodingBridge, bring me back into that
    /// last session I had going" as a chat about it) is the app's other intent whose gist it
    /// holds, with the values it labels: all of it, else its longest run of sentences that does
    /// ("CodingBridge, Priya told me to ask this: in the diwali-invites project, is there anything
    /// not committed yet? I don't know what it means"), else one of its clauses ("CodingBridge,
    /// fire up the build on spoor-tracker, Sipho's been waiting on the fix").
    func askedOfAppByGist(_ found: IntentMatch, utterance: String) -> IntentMatch? {
        let app = Substring(found.intent.app)
        for said in Self.sentenceRuns(of: utterance) + Self.clauses(of: utterance) {
            // A name written as code names a project: "CodingBridge, fest-registrations mein kuch
            // uncommitted changes hai kya?" is about one.
            let namesProject: [Substring] = said.split(separator: " ").contains(where: Self.isWrittenAsCode) ? ["project"] : []
            let words = [app] + Catalog.saidAloneKey(String(said)).split(separator: " ") + namesProject
            if let intent = catalog.intent(gist: words, addressedTo: found.intent.app, besides: found.intent.id) {
                return IntentMatch(intent: intent, confidence: found.confidence, slots: labelledValues(in: String(said), for: intent))
            }
        }
        return nil
    }

    /// A word with a hyphen between letters or digits, as code is named ("fest-registrations").
    static func isWrittenAsCode(_ word: Substring) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber } }
    }

    /// The clauses of `text` between commas and semicolons, in order; none when it is one.
    static func clauses(of text: String) -> [Substring] {
        let parts = text.split { $0 == "," || $0 == ";" }
        return parts.count > 1 ? parts : []
    }

    /// Every run of whole sentences of `text` (a colon also starts one), each once, longest first.
    static func sentenceRuns(of text: String) -> [Substring] {
        let marks = text.indices.filter { ".?!:".contains(text[$0]) }
        let starts = [text.startIndex] + marks.map { text.index(after: $0) }
        let ends = Set(marks.filter { text[$0] != ":" }.map { text.index(after: $0) } + [text.endIndex])
        var runs: [Substring] = []
        for start in starts {
            for end in ends where start < end { runs.append(text[start..<end]) }
        }
        return runs.sorted { $0.utf8.count > $1.utf8.count }
    }
}
