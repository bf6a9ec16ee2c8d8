/// Short replies that steer the dialogue rather than ask for a tool:
/// goodbyes, cancelling a question, yes/no to a confirmation.
enum ConversationalCues {
    /// Whole utterances (after fillers are dropped) that end the conversation.
    static let goodbyes: Set<String> = [
        "goodbye", "good bye", "bye", "bye bye", "bye now", "stop", "quit", "exit", "thats all",
        "that is all", "thats it", "that will be all", "thats all for now", "see you", "see you later",
        "see ya", "later", "good night", "goodnight", "night", "night night", "nighty night", "im done", "we are done", "were done", "end",
        "end conversation", "thank you thats all", "nothing else", "no thats all", "no thats it",
        "thats everything", "that is everything", "thats everything for now", "thats all i need",
        "thats all i needed", "thats it for now", "thats all for today", "thats it for today", "im done here",
        "were done here", "im all done", "thats me done", "that will be all for now", "that will be all for today",
        "thatll be all", "thatll be all for now", "that will do", "thatll do", "that is all for now", "that is all for today",
        "well leave it there", "we will leave it there", "lets leave it there", "leave it there",
        "done", "done for now", "im done for now", "were all done", "all done for now",
    ]
    static let fillers: Set<String> = [
        "ok", "okay", "alright", "well", "thanks", "thank", "you", "jiri", "hey", "so", "cool", "great", "then", "for", "now",
        "perfect", "awesome", "nice", "lovely", "brilliant", "cheers", "excellent", "yep", "yeah", "yes", "yup",
        "actually", "oh", "right", "much", "here", "ha", "haha", "lol", "dear", "kindly", "ever", "very", "righto", "and",
        "marvellous", "marvelous", "wonderful", "splendid", "sorry", "k", "kk", "thx", "ty",
        "ugh", "argh", "ah", "aw", "phew", "meh",
    ]
    /// Acknowledgements that can answer no question.
    static let plainAcknowledgements: Set<String> = [
        "ok", "okay", "k", "alright", "got it", "gotcha", "understood", "noted", "sounds good", "will do", "roger",
        "makes sense", "fair enough", "ok cool", "okay cool", "of course", "no problem", "no worries", "sure thing",
        "right then", "okey dokey", "sweet",
    ]
    /// Saying that what Jiri said was heard: "ok", "got it", and words that could also answer a
    /// question ("great" or "fine" is how someone feels).
    static let acknowledgements = plainAcknowledgements.union([
        "great", "cool", "perfect", "nice", "fine", "right", "lovely", "brilliant", "awesome", "excellent", "all good", "good",
    ])
    /// Kind words said on the way out: "you're a lifesaver, bye".
    static let pleasantries: Set<String> = [
        "youre a lifesaver", "you are a lifesaver", "youre the best", "you are the best", "you rock", "great job",
        "good job", "well done", "nice one", "much appreciated", "appreciate it", "i appreciate it", "love it",
        "that helps", "that helped", "super helpful", "very helpful", "thats great", "that is great", "helpful",
        "youre helpful", "you are helpful", "youve been helpful", "you have been helpful", "youve been a great help",
        "you have been a great help", "trying", "for trying",
        // What "thanks" is said with ("for" is a filler): "thanks a lot, bye", "thanks a bunch",
        // "thanks for the help", "thanks for everything".
        "a lot", "a bunch", "a million", "loads", "heaps", "so much", "the help", "your help", "all the help",
        "all your help", "everything", "all that",
    ]
    static let cancels: Set<String> = [
        "cancel", "never mind", "nevermind", "forget it", "forget about it", "cancel that", "stop that",
        "no cancel", "scratch that", "dont bother", "cancel it",
    ]
    /// Words around a cancel that do not change it: "nah, forget it", "oh no, never mind".
    static let cancelFillers: Set<String> = ["ok", "okay", "oh", "um", "uh", "please", "just", "actually", "no", "nah", "nope", "well", "hmm"]
    static let yes: Set<String> = ["yes", "yeah", "yep", "yup", "sure", "do it", "go ahead", "confirm", "please do", "ok", "okay", "correct", "right", "absolutely", "yes please", "of course", "sure thing"]
    static let no: Set<String> = ["no", "nope", "nah", "dont", "do not", "no thanks", "not now", "no dont"]

    static let goodbyeWords: Set<String> = [
        "bye", "goodbye", "byebye", "cheerio", "ta ta", "tata", "toodles", "toodle oo", "farewell", "ciao", "cya",
        "night night", "see you soon", "talk later", "talk to you later", "catch you later",
        // The same with "you" left out as a filler: "ok thanks, talk to you later".
        "talk to later", "see later", "catch later", "speak later", "speak to later",
    ]
    /// Questions about the question just asked: "what do you mean by a workspace?", "what are
    /// the options?". The question is asked again; they answer nothing.
    static let questionsAboutTheQuestion: [[Substring]] = [
        "what do you mean", "what does that mean", "what does it mean", "i dont understand", "i dont follow",
        "what is a", "whats a", "what are the options", "what are my options", "what are the choices", "sorry what",
        "pardon", "come again", "say that again", "what was that", "i beg your pardon", "what did you say",
        "what did you ask", "what was the question", "can you repeat that", "could you repeat that", "repeat that",
        "repeat the question", "say again", "what do you need", "what else do you need", "what do you want",
        "what should i say", "what can i say", "like what", "such as", "what info", "what information", "what details",
    ].map { $0.split(separator: " ") }
    /// Sounds made while thinking: "um", "hmm".
    static let thinkingSounds: Set<String> = ["um", "umm", "uh", "uhh", "er", "erm", "hmm", "hm"]
    /// What is said before a question about the question: "hmm, like, what do you need?".
    private static let beforeAQuestion = thinkingSounds.union(["like", "wait", "so"])
    /// Words that make a question one about the choices: "who can I pick?", "what kinds are
    /// there?", "which workspaces do I have?", "what can I run?".
    static let choiceMarkers: [[Substring]] = [
        "can i", "could i", "do i have", "have i got", "are there", "is there", "do you have", "should i",
        "options", "kinds", "types", "sorts", "choices", "choose", "pick", "available",
    ].map { $0.split(separator: " ") }
    private static let questionWords: Set<Substring> = ["what", "which", "who", "whom", "how"]
    /// Declining more help when nothing is being asked: the conversation is over. (To a
    /// yes/no question, "no thanks" is a no; see ``no``.)
    static let declines: Set<String> = [
        "no thanks", "no thank you", "nope thanks", "all done", "im all set", "all set", "no im good",
        "im good thanks", "no im all set", "nothing thanks", "nothing thank you",
    ]
    /// Saying hello, alone or with "Jiri" and "there": "hey Jiri", "good morning", "hi there, how are you?".
    static let greetings: Set<String> = Set([
        "hi", "hello", "hey", "hiya", "howdy", "yo", "greetings", "morning", "afternoon", "evening", "good morning",
        "good afternoon", "good evening", "there", "jiri", "siri", "you there", "are you there",
    ]).union(askingAfterJiri)
    /// Asking how Jiri is: answered before the offer to help.
    static let askingAfterJiri: Set<String> = [
        "how are you", "how are you doing", "how are you today", "how are you doing today", "hows it going",
        "how is it going", "whats up", "what is up", "sup", "how do you do", "hows things", "how are things",
    ]

    /// Asking what Jiri can do.
    static let helpRequests: Set<String> = [
        "help", "help me", "what can you do", "what can i say", "what can i ask", "what can i ask you",
        "what do you do", "how does this work", "how do i use this", "what are my options", "what can you help with",
        "what can you help me with", "what are you able to do",
    ]

    static func isGoodbye(_ words: UtteranceWords) -> Bool {
        if goodbyes.contains(words.normalized) { return true }
        guard words.words.allSatisfy(closingVocabulary.contains) else { return false }
        let core = words.words.filter { !fillers.contains(String($0)) }.map(String.init)
        guard !core.isEmpty, core.count <= 12 else { return false }
        // "ok bye", "bye jiri thanks", "that's it, bye", "never mind, bye": goodbyes, and cancels
        // before them, with only fillers around them.
        return endsInGoodbye(core[...])
    }

    /// Every word of the phrases a goodbye is made of. Most utterances have a word outside it
    /// and are turned away before any phrase is built (the goodbye checks were 4 % of the
    /// server's turn CPU).
    private static let closingVocabulary = vocabulary(of: goodbyes, goodbyeWords, cancels, pleasantries, acknowledgements, fillers, ["anyway"])

    /// The words the phrases are made of.
    private static func vocabulary(of phraseSets: Set<String>...) -> Set<Substring> {
        Set(phraseSets.joined().flatMap { $0.split(separator: " ") })
    }

    /// Whether the words are closing phrases one after another, the last a goodbye.
    private static func endsInGoodbye(_ words: ArraySlice<String>) -> Bool {
        for length in (1...min(5, words.count)).reversed() {
            let phrase = words.prefix(length).joined(separator: " ")
            let rest = words.dropFirst(length)
            let isGoodbye = goodbyes.contains(phrase) || goodbyeWords.contains(phrase)
            let leadsOn = isGoodbye || cancels.contains(phrase) || pleasantries.contains(phrase)
                || acknowledgements.contains(phrase) || phrase == "anyway"
            if rest.isEmpty ? isGoodbye : leadsOn && endsInGoodbye(rest) { return true }
        }
        return false
    }

    /// Acknowledgements and nothing else: "ok", "ok, got it", "great". With `answeringNothing`
    /// false (a question is open) only those that cannot be an answer count.
    static func isAcknowledgement(_ words: UtteranceWords, answeringNothing: Bool = true) -> Bool {
        guard let first = words.words.first, words.words.count <= 4, acknowledgementOpeners.contains(first) else { return false }
        let all = words.words.map(String.init)
        return isSequence(all[...], of: answeringNothing ? acknowledgements : plainAcknowledgements)
    }

    /// The first words of acknowledgements: nothing else can begin one.
    private static let acknowledgementOpeners: Set<Substring> = Set(acknowledgements.map { $0.spaceSeparated[0] })

    /// Whether the words are phrases of `phrases` (up to four words each), one after another.
    private static func isSequence(_ words: ArraySlice<String>, of phrases: Set<String>) -> Bool {
        guard !words.isEmpty else { return true }
        return (1...min(4, words.count)).contains { length in
            phrases.contains(words.prefix(length).joined(separator: " ")) && isSequence(words.dropFirst(length), of: phrases)
        }
    }

    /// Words that thank.
    static let thanksWords: Set<String> = ["thanks", "thank", "cheers", "ta", "thx", "ty", "tysm", "thankyou", "appreciated"]
    /// What is said with thanks: "thanks a lot", "thank you very much", "thanks for the help",
    /// and kind words ("you're the best").
    private static let saidWithThanks = pleasantries.union([
        "very", "much", "a", "lot", "again", "for", "that", "this", "everything", "all", "the", "help", "your", "mate", "buddy",
    ])

    /// Thanks and kind words with nothing else: "cheers", "ok thanks Jiri", "thank you so
    /// much, you're the best".
    static func isThanks(_ words: UtteranceWords) -> Bool {
        guard words.words.count <= 10, words.words.contains(where: { thanksWords.contains(String($0)) }) else { return false }
        let core = words.words.map(String.init).filter { !fillers.contains($0) && !thanksWords.contains($0) }
        return isSequence(core[...], of: saidWithThanks)
    }

    enum Greeting { case hello, askingAfterJiri }

    /// A greeting with nothing asked of an app: "hello", "hey Jiri, how's it going?".
    static func greeting(_ words: UtteranceWords) -> Greeting? {
        guard !words.words.isEmpty, words.words.count <= 8, words.words.allSatisfy(greetingVocabulary.contains) else { return nil }
        let all = words.words.map(String.init)
        guard isSequence(all[...], of: greetings) else { return nil }
        return askingAfterJiriWords.contains(where: words.contains) ? .askingAfterJiri : .hello
    }

    private static let askingAfterJiriWords = askingAfterJiri.map { $0.split(separator: " ") }

    private static let greetingVocabulary = vocabulary(of: greetings)

    /// The words without fillers, thinking sounds and "please": "um, nag please?" → "nag".
    static func withoutFillers(_ words: UtteranceWords) -> String {
        // Asked of most turns, which say no filler: their words as they are, with no array made.
        guard words.words.contains(where: droppedAsFillers.contains) else { return words.normalized }
        return words.words.filter { !droppedAsFillers.contains($0) }.joined(separator: " ")
    }

    private static let droppedAsFillers: Set<Substring> = {
        let dropped: Set<String> = fillers.union(thinkingSounds).union(["please"])
        return Set(dropped.map { Substring($0) })
    }()

    /// Asking for the last request again: "try that again", "do it again", "one more time".
    static let repeats: Set<String> = [
        "try that again", "try it again", "try again", "do that again", "do it again", "again", "one more time",
        "retry", "run that again", "run it again", "same again", "same thing again",
    ]

    /// Asking for the last request again, with what changes in it: "try that again" and "log that
    /// again" change nothing, "can you run it once more with high thinking" changes the thinking
    /// ("with high thinking"). Nil when the words ask for no repeat.
    static func repeatRequest(_ words: UtteranceWords) -> ArraySlice<Substring>? {
        // Asked on every turn with a request before it: only short ones are copied.
        guard words.words.count <= 10 else { return nil }
        if words.words.count <= 6, repeats.contains(withoutFillers(words)) { return [] }
        var said = words.words[...]
        while let first = said.first, askingLeads.contains(first) { said.removeFirst() }
        // "log that again", "check it once more": any verb, what was just done, again.
        guard let (again, length) = againSaid(in: said) else { return nil }
        let verb = said[..<again]
        guard (1...3).contains(verb.count), verb.dropFirst().allSatisfy(pointsBack.contains) else { return nil }
        let change = said[(again + length)...]
        guard let first = change.first else { return verb.count >= 2 ? [] : nil }
        return changeLeads.contains(first) ? change : nil
    }

    /// Where "again", "once more" or "one more time" is said, and how many words it takes.
    private static func againSaid(in said: ArraySlice<Substring>) -> (Int, Int)? {
        for index in said.indices {
            if said[index] == "again" { return (index, 1) }
            if said[index...].starts(with: ["once", "more"]) { return (index, 2) }
            if said[index...].starts(with: ["one", "more", "time"]) { return (index, 3) }
        }
        return nil
    }

    private static let pointsBack: Set<Substring> = ["that", "it", "this", "one", "same"]
    private static let askingLeads: Set<Substring> = ["can", "could", "would", "will", "you", "please", "jiri", "ok", "okay", "now"]
    private static let changeLeads: Set<Substring> = ["with", "for", "in", "on", "using", "at", "but"]

    static func isDecline(_ words: UtteranceWords) -> Bool {
        declines.contains(words.normalized)
    }

    static func isHelp(_ words: UtteranceWords) -> Bool {
        if helpRequests.contains(words.normalized) { return true }
        // "help please", "ok what can you do": only then build the words without fillers.
        guard words.words.count <= 8 else { return false }
        return helpRequests.contains(withoutFillers(words))
    }

    static func asksAboutTheQuestion(_ words: UtteranceWords) -> Bool {
        let core = questionAsked(in: words)
        return questionsAboutTheQuestion.contains { core.starts(with: $0) || words.words.starts(with: $0) }
    }

    /// A short question about what may be chosen ("who can I pick?"); it may still be a request
    /// ("what nags do I have?"), which the caller checks.
    static func asksAboutTheChoices(_ words: UtteranceWords) -> Bool {
        let core = questionAsked(in: words)
        guard core.count <= 8, let first = core.first, questionWords.contains(first) else { return false }
        let rest = core.dropFirst()
        return choiceMarkers.contains { marker in
            rest.indices.contains { rest[$0...].starts(with: marker) }
        }
    }

    /// The words from the question on, without the fillers and sounds before it.
    private static func questionAsked(in words: UtteranceWords) -> ArraySlice<Substring> {
        words.words.drop { fillers.contains(String($0)) || beforeAQuestion.contains(String($0)) }
    }

    /// The sentences before a goodbye that ends the utterance ("Oh bother. Well thank you for
    /// trying. Ta-ta for now." → "Oh bother. Well thank you for trying"); nil when the last
    /// sentence is no goodbye, or the utterance is one sentence.
    static func sentencesBeforeGoodbye(in text: String) -> String? {
        let sentences = Sentences.split(text)
        guard sentences.count >= 2, let last = sentences.last, isGoodbye(UtteranceWords(String(last))) else { return nil }
        return sentences.dropLast().joined(separator: ".")
    }

    static func isCancel(_ words: UtteranceWords) -> Bool {
        if cancels.contains(words.normalized) { return true }
        let kept = words.words.filter { !cancelFillers.contains(String($0)) }
        // "never mind, cancel that": cancels one after another.
        return !kept.isEmpty && kept.allSatisfy(cancelVocabulary.contains) && isSequence(kept.map(String.init)[...], of: cancels)
    }

    private static let cancelVocabulary = vocabulary(of: cancels)

    /// A cancel that ends what was said, after an answer begun or a thought: "Sam — hmm,
    /// actually, never mind the nag", "homework, no wait, forget it".
    static func endsInCancel(_ text: String) -> Bool {
        let clauses = Sentences.clauses(text)
        guard clauses.count >= 2, let last = clauses.last else { return false }
        let words = UtteranceWords(String(last))
        return isCancel(words) || isCancel(withoutWhatIsCancelled(words))
    }

    /// The words without what a cancel names after it: "never mind the nag" → "never mind".
    private static func withoutWhatIsCancelled(_ words: UtteranceWords) -> UtteranceWords {
        for length in [2, 3] where words.words.count > length
            && ["the", "this", "that", "my"].contains(words.words[words.words.count - length]) {
            return UtteranceWords(words.words.dropLast(length).joined(separator: " "))
        }
        return words
    }

    /// The request after a cancel that starts the utterance ("never mind that, resume my last
    /// chat" → "resume my last chat"), as the user wrote it; nil when there is none.
    static func request(afterCancelIn text: String) -> String? {
        // "hmm, never mind, just pick up where I left off": sounds before the cancel change nothing.
        let words = text.spaceSeparated.drop { cancelFillers.contains(String(UtteranceWords.folded($0))) }
        guard words.count > 2 else { return nil }
        for length in (1...min(3, words.count - 1)).reversed() {
            let lead = words.prefix(length).map { $0.lowercased().filter { $0.isLetter } }
            // "never mind that", "forget it": the cancel with what it cancels.
            let core = ["that", "it"].contains(lead.last) ? lead.dropLast() : lead[...]
            guard cancels.contains(lead.joined(separator: " ")) || cancels.contains(core.joined(separator: " ")) else { continue }
            return words.dropFirst(length).joined(separator: " ")
        }
        return nil
    }

    /// Words that turn from the question to something else: "actually, check git status".
    private static let redirects: [[String]] = [
        "actually", "wait", "instead", "on second thought", "hold on", "oh wait", "no wait", "hmm actually", "oh actually",
    ].map { $0.split(separator: " ").map(String.init) }

    /// The request after a turn away from the question ("actually, check git status in
    /// CodingBridge" → "check git status in CodingBridge"; "wait, log my mood first" → "log my
    /// mood"), as the user wrote it; nil when the utterance does not start with one.
    static func request(afterRedirectIn text: String) -> String? {
        var words = text.spaceSeparated
        let folded = words.map { $0.lowercased().filter { $0.isLetter } }
        for lead in redirects where lead.count + 2 <= words.count && folded.starts(with: lead) {
            if folded.last == "first", words.count > lead.count + 2 { words.removeLast() }
            return words.dropFirst(lead.count).joined(separator: " ")
        }
        return nil
    }

    static func isYes(_ words: UtteranceWords) -> Bool {
        yes.contains(words.normalized) || (words.words.first.map { ["yes", "yeah", "yep", "sure"].contains(String($0)) } ?? false)
    }

    static func isNo(_ words: UtteranceWords) -> Bool {
        no.contains(words.normalized) || (words.words.first.map { ["no", "nope", "nah"].contains(String($0)) } ?? false) && words.words.count <= 3
    }
}
