/// The intents asked for by a few words said alone: "nag", "overdue?", "Oppi" (an intent's
/// `said_alone`). Too little for the matcher, which wants two words of evidence, but enough
/// to start the intent and ask for what it needs.
extension Catalog {
    /// The intent whose `said_alone` holds `words` (lower case, apostrophes and punctuation
    /// dropped, single spaces: how `UtteranceWords` spells an utterance).
    public func intent(saidAlone words: String) -> IntentDefinition? {
        saidAloneIndex[words].map { intents[$0] }
    }

    /// One to four words of letters, digits and apostrophes, or `<app>` among them.
    static func isSaidAlonePhrase(_ phrase: String) -> Bool {
        let words = phrase.split(separator: " ")
        return (1...4).contains(words.count) && words.allSatisfy { word in
            word == "<app>" || word.allSatisfy { $0.isLetter || $0.isNumber || $0 == "'" || $0 == "\u{2019}" }
        }
    }

    /// Every phrase of `intent`'s `said_alone`, `<app>` replaced by each of `app`'s names, as
    /// the index keys them.
    static func saidAloneKeys(of intent: IntentDefinition, app: AppDefinition) -> [String] {
        let names = spokenNames(of: app)
        return intent.saidAlone.flatMap { phrase -> [String] in
            let words = phrase.split(separator: " ")
            guard words.contains("<app>") else { return [saidAloneKey(phrase)] }
            return names.map { name in saidAloneKey(words.map { $0 == "<app>" ? name : String($0) }.joined(separator: " ")) }
        }
    }

    /// Lower case, apostrophes dropped, other punctuation a space, runs of spaces collapsed.
    public static func saidAloneKey(_ phrase: String) -> String {
        var spaced = ""
        for character in phrase.lowercased() where character != "'" && character != "\u{2019}" {
            spaced.append(character.isLetter || character.isNumber ? character : " ")
        }
        return spaced.split(separator: " ").joined(separator: " ")
    }
}
