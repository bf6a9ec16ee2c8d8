/// The intent an utterance is about when no phrasing of the catalog understood it: the one
/// intent whose `gist` groups each have a word or phrase in it (``IntentGist``).
extension Catalog {
    /// Which gist group of which intent a folded word or phrase belongs to; `group` is nil for
    /// the intent's `gist_unless`.
    struct GistHit: Sendable {
        var intent: Int
        var group: Int?
    }

    /// Everything the gist reads from one folded word or phrase, so that each run of words
    /// costs one lookup: the gist groups it belongs to, the app it names, whether it refuses
    /// or asks, and whether a longer phrase of the index begins with it.
    struct GistEntry: Sendable {
        var hits: [GistHit] = []
        var app: String?
        var refuses = false
        /// Refuses even in a request addressed to an app: a how-to question, a comparison.
        var refusesAddressed = false
        var asks = false
        var beginsLongerPhrase = false
    }

    /// The longest phrase a gist or an app's name is looked up by, in words.
    static let gistPhraseWords = 3

    /// The one intent whose gist `words` (folded: lower case, letters and digits) hold, of the
    /// app they name if they name one; nil when none or several do, when the words ask nothing
    /// ("Derek's mood swings have been worse since …" tells), or when they refuse, tell of
    /// another time or ask how something is done ("no need to check my nags", "yesterday the
    /// overdue count was high", "what's the git command to undo a commit").
    public func intent(gist words: [Substring]) -> IntentDefinition? {
        guard let first = words.first, let heard = gistHeard(in: words, refusing: { $0.refuses }) else { return nil }
        guard heard.asks || Self.gistQuestionStarts.contains(String(first)) else { return nil }
        return onlyIntent(among: heard.intents) {
            $0.gist?.addressedOnly == false && (heard.appsNamed.isEmpty || heard.appsNamed.contains($0.app))
        }
    }

    /// The one intent of `app`, other than `besides`, whose gist `words` hold, for a request
    /// addressed to the app that only its catch-all chat read ("CodingBridge, bring me back into
    /// that last session I had going"). Being addressed, the words ask already, and a negation
    /// or another time is part of the request ("changes that were never committed", "yesterday's
    /// session"); a how-to question or a comparison still refuses.
    public func intent(gist words: [Substring], addressedTo app: String, besides: String) -> IntentDefinition? {
        guard let heard = gistHeard(in: words, refusing: { $0.refusesAddressed }) else { return nil }
        return onlyIntent(among: heard.intents) { $0.app == app && $0.id != besides }
    }

    private struct GistHeard {
        /// Each intent's gist groups heard, less the intents whose `gist_unless` was heard.
        var intents: [Int: Set<Int>]
        var appsNamed: Set<String>
        var asks: Bool
    }

    private func gistHeard(in words: [Substring], refusing refuses: (GistEntry) -> Bool) -> GistHeard? {
        guard !gistIndex.isEmpty else { return nil }
        var heard = GistHeard(intents: [:], appsNamed: [], asks: false)
        var refused: Set<Int> = []
        for start in words.indices {
            for entry in gistEntries(startingAt: start, of: words) {
                if refuses(entry) { return nil }
                heard.asks = heard.asks || entry.asks
                if let app = entry.app { heard.appsNamed.insert(app) }
                for hit in entry.hits {
                    if let group = hit.group { heard.intents[hit.intent, default: []].insert(group) } else { refused.insert(hit.intent) }
                }
            }
        }
        for index in refused { heard.intents[index] = nil }
        return heard
    }

    /// The intent all of whose gist groups were heard, when it is the only one `allowed`.
    private func onlyIntent(among heard: [Int: Set<Int>], allowed: (IntentDefinition) -> Bool) -> IntentDefinition? {
        let whole = heard.filter { index, groups in
            groups.count == intents[index].gist?.groups.count && allowed(intents[index])
        }
        guard whole.count == 1, let index = whole.first?.key else { return nil }
        return intents[index]
    }

    /// The index entries of the phrases that begin at `start`: its word, and the longer phrases
    /// only when a key of the index begins with that word.
    private func gistEntries(startingAt start: Int, of words: [Substring]) -> [GistEntry] {
        var phrase = withGRestored(words[start]) ?? String(words[start])
        guard let first = gistIndex[phrase] else { return [] }
        guard first.beginsLongerPhrase else { return [first] }
        var entries = [first]
        for next in (start + 1)..<min(start + Self.gistPhraseWords, words.count) {
            phrase += " "
            if let restored = withGRestored(words[next]) { phrase += restored } else { phrase += words[next] }
            if let entry = gistIndex[phrase] { entries.append(entry) }
        }
        return entries
    }

    /// The word with the g it dropped, when the gist index holds it so ("gettin' on", "doin' with
    /// their nags"); nil for any other word, which is looked at byte by byte, not made a String.
    private func withGRestored(_ word: Substring) -> String? {
        let bytes = word.utf8
        guard bytes.count > 3, bytes.last == UInt8(ascii: "n"), bytes.dropLast().last == UInt8(ascii: "i") else { return nil }
        let word = String(word)
        guard gistIndex[word] == nil, gistIndex[word + "g"] != nil else { return nil }
        return word + "g"
    }

    /// ``intent(gist:)`` of an utterance as said, folded first (`jiri catalog match`, tests); the
    /// dialogue passes the words it has already folded.
    public func intent(gistOf utterance: String) -> IntentDefinition? {
        intent(gist: Self.saidAloneKey(utterance).split(separator: " "))
    }

    /// Words after which a gist is not a request: refusals ("no need to check my nags"), other
    /// times ("yesterday …", "maybe tomorrow I'll …", "finally ticked off …"), comparisons
    /// ("better than that other mood app") and how-to questions ("how do I …", "the git command
    /// to …").
    static let gistRefusals: Set<String> = gistHowToAndComparisons.union([
        "not", "no", "never", "nothing", "dont", "didnt", "doesnt", "wont", "isnt", "arent", "wasnt",
        "havent", "hasnt", "shouldnt", "finally", "already", "tomorrow", "yesterday", "maybe", "because",
    ])

    /// Comparisons and how-to questions: no request, whether addressed to an app or not.
    static let gistHowToAndComparisons: Set<String> = ["than", "command", "how do", "how to", "how can i", "how would i"]

    /// What keeps a request addressed to an app a chat: a how-to question, a comparison, and
    /// words that ask to explain, advise or write ("CodingBridge, what's the difference between
    /// merge and rebase on a git branch" is no git status).
    static let gistRefusalsAddressed: Set<String> = gistHowToAndComparisons.union([
        "why", "explain", "difference", "should", "better", "best", "good", "help", "write", "refactor", "fix", "debug",
        "think", "opinion", "suggest", "advice", "improve", "meaning", "mean", "means",
        // Something to debug: "look at the changes I committed to my project and tell me what broke".
        "broke", "broken", "bug", "bugs", "error", "errors", "crash", "crashes", "failing", "fails", "stuck", "problem",
    ])

    /// Words that ask wherever they are said: a question word or a verb of a request.
    static let gistAsks: Set<String> = [
        "what", "whats", "whatve", "which", "who", "whos", "how", "hows", "howre", "where", "wheres", "when", "any", "anything", "can", "could",
        "would", "will", "please", "show", "give", "tell", "analyse", "analyze", "look", "check", "review",
        "compare", "list", "read", "run", "open", "take", "let", "pull", "put", "see", "get", "continue",
        "resume", "reopen", "pick up", "go back", "examine",
    ]

    /// Words that ask a yes-no question when they come first ("are any of my nags past their
    /// deadline"), and only tell when said later ("my moods have been worse").
    static let gistQuestionStarts: Set<String> = ["is", "are", "am", "have", "has", "did", "do", "does", "was", "were"]

    /// The gist index: each folded word or phrase of every intent's gist (`<app>` as each of
    /// the app's spoken names), of the refusals and asking words, and each app's spoken names;
    /// empty when no intent has a gist.
    static func gistIndex(of intents: [IntentDefinition], apps: [AppDefinition], spokenAppIndex: [String: String]) -> [String: GistEntry] {
        var index: [String: GistEntry] = [:]
        for (position, intent) in intents.enumerated() {
            guard let gist = intent.gist else { continue }
            let names = apps.first { $0.name == intent.app }.map(spokenNames) ?? []
            for (group, phrases) in gist.groups.enumerated() {
                for phrase in Set(phrases.flatMap { $0 == "<app>" ? Array(names) : [$0] }) {
                    index[phrase, default: GistEntry()].hits.append(GistHit(intent: position, group: group))
                }
            }
            for phrase in gist.unless { index[phrase, default: GistEntry()].hits.append(GistHit(intent: position, group: nil)) }
        }
        guard !index.isEmpty else { return [:] }
        for (name, app) in spokenAppIndex { index[name, default: GistEntry()].app = app }
        for word in gistRefusals { index[word, default: GistEntry()].refuses = true }
        for word in gistRefusalsAddressed { index[word, default: GistEntry()].refusesAddressed = true }
        for word in gistAsks { index[word, default: GistEntry()].asks = true }
        for phrase in Array(index.keys) {
            let words = phrase.split(separator: " ")
            guard words.count > 1 else { continue }
            index[String(words[0]), default: GistEntry()].beginsLongerPhrase = true
        }
        return index
    }

    /// An app's name, display name and aliases, folded.
    static func spokenNames(of app: AppDefinition) -> Set<String> {
        Set(app.spokenNames.map(saidAloneKey))
    }
}
