/// What a user says to someone else, or to nobody, while Jiri waits for an answer: "Hang on,
/// hang on — Theo, give your sister her tablet back.", "One sec, someone's at the door.",
/// "Okay, sorry. Stressed." A busy parent answers between other conversations; those words are
/// not the answer, and Jiri keeps waiting for it.
///
/// Three things are set aside:
/// - words that put the conversation on hold or pick it up again ("hang on", "one sec",
///   "sorry", "okay, back");
/// - what follows a hold in the same breath when it tells what is going on ("hang on,
///   someone's at the door");
/// - a sentence said to someone by name or endearment: "Leo, stop chasing the cat!", "Babe,
///   can you grab the door?", and the rest of that sentence.
///
/// A name with a comma is also how people answer ("Mia, not Leo", "Leo, for his homework"),
/// so a sentence counts as said to someone only when what follows the name is addressed to
/// them (an imperative, "that's", "you") or exclaimed.
enum Asides {
    struct Reading: Equatable {
        /// The utterance without its asides, as the user wrote it.
        var answer: String
        /// The words set aside (the handoff rules read them as content, not as a request).
        var asides: [String]
        /// Whether anything was set aside or put on hold.
        var changed: Bool
    }

    static func read(_ text: String) -> Reading {
        var kept: [String] = []
        var asides: [String] = []
        var changed = false
        for sentence in Sentences.split(text) {
            let exclaimed = sentence.endIndex < text.endIndex && text[sentence.endIndex] == "!"
            var addressed = false
            var heldBefore = false
            var keptParts: [String] = []
            for part in Sentences.dashParts(sentence) {
                let raw = String(trimmed(part, where: \.isWhitespace))
                guard !raw.isEmpty else { continue }
                let (rest, held) = withoutHolds(raw)
                // "no Leo, not now — sorry, it's for Leo": a hold turns back to Jiri.
                if addressed && !held {
                    asides.append(raw)
                    continue
                }
                addressed = false
                if held { changed = true }
                defer { heldBefore = heldBefore || held }
                if rest.isEmpty { continue }
                if isAddressedToSomeone(rest, exclaimed: exclaimed)
                    || (held || heldBefore) && (tellsWhatIsGoingOn(rest) || isCalledAfterHold(rest)) {
                    asides.append(rest)
                    addressed = true
                    changed = true
                    continue
                }
                // Kept as said: "hold on, check git status instead" still turns from the question.
                keptParts.append(raw)
            }
            if !keptParts.isEmpty { kept.append(keptParts.joined(separator: " — ")) }
        }
        guard changed else { return Reading(answer: text, asides: [], changed: false) }
        return Reading(answer: kept.joined(separator: ". "), asides: asides, changed: true)
    }

    /// Words that hold the conversation or resume it, at the start of a clause.
    private static let holds: [[Substring]] = [
        "hang on a sec", "hang on a second", "hang on a minute", "hold on a sec", "hold on a second", "hold on a minute",
        "hang on", "hold on", "one sec", "one second", "one moment", "one minute", "just a sec", "just a second",
        "just a moment", "just a minute", "give me a sec", "give me a second", "give me a moment", "give me a minute",
        "bear with me", "wait a sec", "wait a second", "wait", "sorry about that", "sorry", "okay back", "ok back",
        "im back", "i am back", "back", "where was i", "okay", "ok", "right", "anyway", "so",
        "hold that thought", "hold that", "jiri",
    ].map { $0.split(separator: " ") }

    /// The first words of the holds: a clause starting with another word holds nothing.
    private static let holdStarts = Set(holds.compactMap(\.first))

    /// The clause without the holds it starts with, and whether there were any.
    private static func withoutHolds(_ clause: String) -> (String, Bool) {
        var words = clause.spaceSeparated
        guard let first = words.first, holdStarts.contains(UtteranceWords.folded(first)) else {
            return (String(trimmed(clause[...], where: isClauseEdge)), false)
        }
        var held = false
        while let hold = holds.first(where: { UtteranceWords.begin(words, with: $0) }) {
            words.removeFirst(hold.count)
            held = true
        }
        return (String(trimmed(words.joined(separator: " ")[...], where: isClauseEdge)), held)
    }

    private static func isClauseEdge(_ character: Character) -> Bool {
        character.isPunctuation || character.isWhitespace
    }

    private static func trimmed(_ text: Substring, where isEdge: (Character) -> Bool) -> Substring {
        guard let first = text.firstIndex(where: { !isEdge($0) }), let last = text.lastIndex(where: { !isEdge($0) }) else { return "" }
        return text[first...last]
    }

    /// Subjects that tell what is going on around the user: "someone's at the door", "the kids
    /// are fighting", "my phone's ringing", "I've got to grab this".
    private static let goingOnSubjects: Set<Substring> = [
        "someone", "someones", "somebody", "somebodys", "theres", "there", "my", "i", "im", "ive", "we", "were", "weve",
        "he", "hes", "she", "shes", "they", "theyre", "the",
    ]

    private static func tellsWhatIsGoingOn(_ clause: String) -> Bool {
        let said = clause.spaceSeparated
        let words = said.map(UtteranceWords.folded)
        // "Sam's asking something", "Grandma's calling me": someone by name doing something now.
        if words.count >= 2, let name = said.first, name.first?.isUppercase == true, name.hasSuffix("'s"),
           words[1].hasSuffix("ing") {
            return true
        }
        guard words.count >= 3, let first = words.first, goingOnSubjects.contains(first) else { return false }
        // "sorry, I meant homework": a correction, not news.
        if first == "i", ["mean", "meant", "said"].contains(words[1]) { return false }
        // "the oppi-dev workspace": a value with its kind, not news.
        return first != "the" || words.contains { ["is", "are", "was", "keeps", "just"].contains($0) } || clause.contains("'s ")
    }

    /// Ways of calling someone near by: "babe", "sweetie", "kids".
    private static let endearments: Set<Substring> = [
        "babe", "baby", "honey", "hon", "sweetie", "sweetheart", "love", "darling", "buddy", "bud", "mate", "kiddo", "kid",
        "kids", "guys", "boys", "girls", "mom", "mum", "dad", "son",
    ]
    /// Words that open a clause but call nobody: "Okay, …", "Yes, …".
    private static let notNames: Set<Substring> = [
        "ok", "okay", "yes", "yeah", "yep", "no", "nope", "nah", "well", "oh", "hey", "hi", "right", "so", "sorry", "wait",
        "actually", "um", "uh", "hmm", "alright", "sure", "fine", "thanks", "please", "jiri", "siri", "also", "and", "but",
        "then", "hello", "great", "cool", "perfect", "anyway", "now", "maybe", "honestly", "look", "listen",
    ]
    /// What people say first to someone they call by name: "stop", "that's not a toy", "you …".
    private static let addressingWords: Set<Substring> = [
        "stop", "put", "give", "get", "go", "come", "leave", "dont", "do", "be", "look", "listen", "hurry", "sit", "eat",
        "finish", "brush", "take", "bring", "grab", "hold", "let", "shush", "quiet", "careful", "thats", "you", "youre",
        "your", "can", "could", "will", "would", "did", "have", "are", "is", "what", "where", "why", "how", "please",
        "enough", "gentle", "wash", "turn", "pick", "help",
    ]

    private static func isAddressedToSomeone(_ clause: String, exclaimed: Bool) -> Bool {
        guard let rest = wordsAfterCalling(clause), let first = rest.first else { return false }
        return rest.count >= 2 && (addressingWords.contains(first) || exclaimed || isPuttingSomeoneOff(rest))
    }

    /// Right after a hold, someone called by name is spoken to ("hold on — Noor, shoes on, we're
    /// leaving") unless what follows says what the name is for ("Leo, for his homework").
    private static func isCalledAfterHold(_ clause: String) -> Bool {
        guard let rest = wordsAfterCalling(clause), let first = rest.first else { return false }
        return rest.count >= 2 && !answerLinks.contains(first)
    }

    /// The words after a name or endearment said first with a comma ("Leo, stop that", "no
    /// Leo, not now"), folded; nil when the clause calls nobody.
    private static func wordsAfterCalling(_ clause: String) -> [Substring]? {
        guard let comma = clause.firstIndex(of: ",") else { return nil }
        let before = clause[..<comma].spaceSeparated
        // "no Leo", "oh Leo": a word that calls nobody, then the name.
        guard let name = before.last, before.count == 1 || before.count == 2 && notNames.contains(UtteranceWords.folded(before[0])),
              let initial = name.first, initial.isLetter else { return nil }
        let folded = UtteranceWords.folded(name)
        guard !notNames.contains(folded), initial.isUppercase || endearments.contains(folded) else { return nil }
        return clause[clause.index(after: comma)...].spaceSeparated.map(UtteranceWords.folded)
    }

    /// "not now", "not right now", "not yet": putting someone off, not correcting a value.
    private static func isPuttingSomeoneOff(_ words: [Substring]) -> Bool {
        words.first == "not" && words.dropFirst().first.map { ["now", "right", "yet", "today", "tonight"].contains($0) } == true
    }

    /// What follows a name that answers with it: "Leo, for his homework", "Mia, not Leo".
    private static let answerLinks: Set<Substring> = [
        "for", "not", "his", "her", "their", "about", "due", "at", "on", "by", "and", "with", "to", "the", "a", "an",
        "its", "it", "she", "he", "they", "tomorrow", "today", "tonight", "please",
    ]
}
