import Catalog

/// Finds the intent an utterance asks for and the parameter values it gives.
///
/// The catalog's App Shortcut phrases and utterance patterns are compiled once
/// into instructions over token ids. A match tokenizes the utterance (no regular
/// expressions, no Foundation on the way), trims what people say around a
/// request, takes an app's name off the edges, and runs only the patterns whose
/// required words all occur. Every pattern must read the whole utterance; the
/// one with the most evidence (pattern words, app names, typed values) wins.
///
/// Below `threshold`, or when two intents explain the utterance equally well,
/// there is no match: a fallback reply is better than a wrong tool.
public struct IntentMatcher: Sendable {
    /// Needs two words of evidence: one word alone ("snooze", "late") is too little.
    public static let defaultThreshold = 0.7
    /// Four words of evidence: a match this sure is not second-guessed by its clauses.
    static let plainConfidence = 0.9

    /// The longest request said first, before it is said again shorter, that is read in full.
    static let maxFirstSaidTokens = 24

    /// Longer utterances are not requests to route (slot positions are 16-bit).
    static let maxTokens = 4000

    /// An app's name is worth two words: it is specific to one catalog entry.
    static let appEvidence = 2

    public let catalog: Catalog
    public let threshold: Double
    let program: MatcherProgram
    let tokenizer: Tokenizer
    private let spelling: SpellingCorrector
    /// Apps' one-word names that are also words of the patterns ("claude"): read as a name only
    /// where an app is expected, so they carry no `.app` flag.
    let namesThatAreWords: [TokenID]
    /// The catalog's intents in its order, for the matches made of them.
    private let sharedIntents: [SharedIntent]

    public init(catalog: Catalog, threshold: Double = IntentMatcher.defaultThreshold) {
        self.catalog = catalog
        self.threshold = threshold
        self.program = PatternCompiler(catalog: catalog).compile()
        self.tokenizer = Tokenizer(vocabulary: program.vocabulary)
        self.spelling = SpellingCorrector(spellings: program.vocabulary.knownSpellings)
        self.namesThatAreWords = program.appWordIDs.flatMap { $0.dropFirst() }
        self.sharedIntents = catalog.intents.map(SharedIntent.init)
    }

    /// The best intent for `utterance`, or nil when nothing matches well enough: as written,
    /// else with its typed slips corrected ("remnd mia to take her meds").
    public func match(_ utterance: String, context: MatchContext) -> IntentMatch? {
        if let found = matchAsWritten(utterance, context: context) { return found }
        return spelling.corrected(utterance).flatMap { matchAsWritten($0, context: context) }
    }

    private func matchAsWritten(_ utterance: String, context: MatchContext) -> IntentMatch? {
        var text = utterance
        var namesThingFirst = false
        let found = text.withUTF8 { bytes -> IntentMatch? in
            var tokens: [Token] = []
            tokens.reserveCapacity(bytes.count / 3 + 4)
            tokenizer.tokenize(bytes, into: &tokens)
            guard tokens.count <= Self.maxTokens else { return nil }
            UtteranceSpan.joinAppPhrases(&tokens, program: program)
            // "kal I'll ask CodingBridge about your bug": a plan told; nothing to read.
            guard !Self.plansToAddressApp(tokens), let found = read(tokens, bytes: bytes, context: context) else { return nil }
            // "CodingBridge's session search is a glorified grep": said of the app's own things,
            // not to the app; no chat or prompt is made of it.
            if found.tookFreeText, Self.beginsWithAppsPossessive(tokens, bytes: bytes) { return nil }
            // "Honestly the CodingBridge release notes are so vague …": the app's things, not the app
            // addressed; only its catch-all could read them.
            if found.isCatchAll, beginsWithAppsThings(tokens, bytes: bytes) { return nil }
            namesThingFirst = found.tookFreeText && namesThingAfterApp(tokens, bytes: bytes)
            return found
        }
        // A chat read from a thing named with a determiner ("CodingBridge, the chat with Claude about
        // the sleep regression, …, carry on with that one") may be a request about that thing.
        guard let found, found.isCatchAll || namesThingFirst else { return found }
        return askedOfAppByGist(found, utterance: utterance) ?? found
    }

    /// The utterance as said (an amount said first read after the request), else from a clause
    /// after an aside ("yep, did it, tell Nagz it's done"), else up to one or to an "and" ("a
    /// fresh pi session, I'll type the prompt myself"; "snooze it and tell me what else is
    /// due"), else between asides at both ends ("Good morning, dear. Would you …? Thank you ever
    /// so much."), else after a lead-up said without a pause ("okay I finished it mark the nag
    /// done").
    func firstMatch(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch? {
        // Free text read across the amount would hold the words out of order: that reading is passed over.
        if let moved = Self.amountPutLast(tokens), let found = matchAsSaid(moved, bytes: bytes, context: context), !found.tookFreeText {
            return found
        }
        let whole = matchAsSaid(tokens, bytes: bytes, context: context)
        if let whole, whole.confidence >= Self.plainConfidence { return whole }
        let clauseStarts = tokens.indices.dropFirst().filter { tokens[$0].flags.contains(.clauseStart) }
        // A whole read on little evidence ("hang on — first, save idea to CodingBridge" as a chat
        // with CodingBridge about "first, save idea") gives way to a clause that asks for another
        // intent on more ("save idea to CodingBridge").
        if let whole {
            for start in clauseStarts {
                if let clause = partReading(tokens[start...], of: tokens, over: whole, appNamedIn: tokens[..<start], bytes: bytes, context: context) {
                    return withValuesSaidBefore(clause, in: tokens[..<start], bytes: bytes, context: context)
                }
            }
            return withoutAfterthought(whole, tokens, from: 0, clauseStarts: clauseStarts, bytes: bytes, context: context)
        }
        for start in clauseStarts where !Self.onlyNamesAValue(tokens[start...], bytes: bytes) {
            if let found = matchAsSaid(Array(tokens[start...]), bytes: bytes, context: context),
               !asksAnotherApp(found, than: tokens, before: start) {
                if found.isCatchAll, let before = requestBeforeApp(tokens, at: start, bytes: bytes, context: context) { return before }
                // "brb chat, CodingBridge pull up my clip-cutter project, the export's busted
                // again": a word to someone else first, an afterthought last.
                let request = withoutAfterthought(found, tokens, from: start, clauseStarts: clauseStarts, bytes: bytes, context: context)
                return withValuesSaidBefore(request, in: tokens[..<start], bytes: bytes, context: context)
            }
        }
        let ends = requestEnds(tokens, after: clauseStarts, bytes: bytes)
        for start in [0] + clauseStarts {
            for end in ends where end > start && !Self.appOpensSentence(tokens, before: end, bytes: bytes) && !findsThread(tokens, start..<end) {
                if let found = matchAsSaid(Array(tokens[start..<end]), bytes: bytes, context: context),
                   start == 0 || !asksAnotherApp(found, than: tokens, before: start) {
                    return withValueLabelled(found, after: tokens[end...], bytes: bytes)
                }
            }
        }
        let starts = requestStarts(tokens, bytes: bytes)
        for start in starts {
            if let found = matchAsSaid(Array(tokens[start...]), bytes: bytes, context: context) { return found }
        }
        // A lead-up and an afterthought both, when what is between them holds no free text that
        // could be narration: "nagz the licence nag for the police station mark it done i went
        // there this morning". Not from a verb told of someone ("my kid snoozes every …").
        for start in starts where !Self.isThirdPerson(tokens[start], bytes: bytes) {
            for end in ends where end > start + 1 {
                if let found = matchAsSaid(Array(tokens[start..<end]), bytes: bytes, context: context), !found.tookFreeText {
                    return withValuesLabelledAnywhere(found, tokens: tokens, bytes: bytes)
                }
            }
        }
        if let fronted = Self.questionWordFronted(tokens),
           let found = matchAsSaid(fronted, bytes: bytes, context: context),
           !found.tookFreeText {
            return found
        }
        return nil
    }

    /// Whether a clause that names no app was read as another app's request than the one named
    /// before it ("MoodBoard, since the season kicked off in November, how've my moods been" asks
    /// MoodBoard, not CodingBridge to kick off a command; "Does Nagz even work out on the lake? Askin'
    /// for the fella in house number three" asks Oppi nothing).
    private func asksAnotherApp(_ found: IntentMatch, than tokens: [Token], before start: Int) -> Bool {
        guard let named = tokens[..<start].first(where: { $0.flags.contains(.app) }),
              !tokens[start...].contains(where: { $0.flags.contains(.app) }) else { return false }
        return found.intent.app != catalog.apps[Int(named.app)].name
    }

    /// "Anish, put on your seatbelt. MoodBoard, how were my moods …": an app named first in a
    /// sentence is asked what follows it, not what was said before.
    private static func appOpensSentence(_ tokens: [Token], before end: Int, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard end >= 2 else { return false }
        return tokens[end - 1].flags.contains(.app) && tokens[end - 1].opensSentence(in: bytes)
    }

    /// "snoozes", "reminds": a verb said of someone, as no request is.
    private static func isThirdPerson(_ token: Token, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        token.end - token.start > 3 && bytes[Int(token.end) - 1] | 0x20 == UInt8(ascii: "s")
    }

    /// A reading of part of the utterance that outweighs the reading of more of it as another
    /// intent: the part as said, else, when more of it was read only as the catch-all of the app
    /// said first, the part asked of that app ("CodingBridge, on the ab-test-pipeline project, run
    /// the data validation suite" asks CodingBridge to run it).
    private func partReading(
        _ part: ArraySlice<Token>, of tokens: [Token], over more: IntentMatch, appNamedIn before: ArraySlice<Token>,
        bytes: UnsafeBufferPointer<UInt8>, context: MatchContext
    ) -> IntentMatch? {
        func outweighing(_ said: [Token]) -> IntentMatch? {
            guard let found = matchAsSaid(said, bytes: bytes, context: context), found.intent.id != more.intent.id,
                  outweighs(found, more, appNamedIn: before) else { return nil }
            return found
        }
        if let found = outweighing(Array(part)) { return found }
        guard more.isCatchAll, let first = tokens.first, first.flags.contains(.app), part.first?.flags.contains(.app) != true else { return nil }
        return outweighing([first] + part)
    }

    /// The request said before the app named between two clauses, when the clause after it is
    /// only a chat by the app's catch-all: "Run the migrations on jollof-orders for me,
    /// CodingBridge, sharp sharp before NEPA takes light". Not when the clause after it points
    /// back to what was said before ("The chat with Claude just now, CodingBridge, continue that
    /// one"): that is the request, what it points to said first.
    private func requestBeforeApp(_ tokens: [Token], at start: Int, bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch? {
        guard tokens[start].flags.contains(.app),
              let before = matchAsSaid(Array(tokens[...start]), bytes: bytes, context: context), !before.isCatchAll,
              before.intent.app == catalog.apps[Int(tokens[start].app)].name else { return nil }
        let pointedBack = ValueSaidApart.readings(tokens, bytes: bytes).contains { reading in
            firstMatch(reading, bytes: bytes, context: context).map { !$0.tookFreeText && $0.intent.id != before.intent.id } ?? false
        }
        return pointedBack ? nil : before
    }

    /// A request with an afterthought ("Oppi, I'd like a blank session, I'll take it from there";
    /// "… the session I had going before the rapid response call") read as a chat about all of
    /// it gives way to the request before the afterthought, when that is another intent read on
    /// more evidence: only a reading that took free text can have swallowed one.
    private func withoutAfterthought(
        _ found: IntentMatch, _ tokens: [Token], from start: Int, clauseStarts: [Int],
        bytes: UnsafeBufferPointer<UInt8>, context: MatchContext
    ) -> IntentMatch {
        guard found.tookFreeText else { return found }
        let ends = requestEnds(tokens, after: clauseStarts, bytes: bytes)
        // From a later pause too: "CodingBridge, action item: trigger the build on
        // status-dashboard so it's green by EOD"; and past a word of another language said
        // right after the app, before the request ("CodingBridge ouvre uh open sap-lines …").
        let pastWordToApp = start + 2 < tokens.count && tokens[start].flags.contains(.app)
            && Self.isTagWord(tokens, at: start + 1, bytes: bytes) && tokens[start + 2].flags.isDisjoint(with: .breaks)
        for from in [start] + (pastWordToApp ? [start + 2] : []) + clauseStarts.filter({ $0 > start }) {
            for end in ends where end > from {
                if let request = partReading(tokens[from..<end], of: tokens, over: found, appNamedIn: tokens[start..<from], bytes: bytes, context: context) {
                    return request
                }
            }
        }
        return found
    }

    /// Whether a reading of part of the utterance is surer than one of more of it: on more
    /// evidence, or on as much once the app named before the part counts for it too
    /// ("CodingBridge, action item: trigger the build on status-dashboard" is no chat).
    private func outweighs(_ part: IntentMatch, _ more: IntentMatch, appNamedIn before: ArraySlice<Token>) -> Bool {
        if part.confidence > more.confidence { return true }
        guard part.confidence == more.confidence, part.intent.app == more.intent.app,
              let app = catalog.apps.firstIndex(where: { $0.name == part.intent.app }) else { return false }
        return before.contains { $0.flags.contains(.app) && Int($0.app) == app }
    }

    /// A request said twice, the second time shorter ("did I commit my stuff on portfolio-site,
    /// CodingBridge git status pls"): the values only the first said are kept, when it took no
    /// free text.
    private func withValuesSaidBefore(
        _ found: IntentMatch, in before: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>, context: MatchContext
    ) -> IntentMatch {
        // Read as a request of its own, afterthought and all, when it is short enough that reading
        // it so costs little ("did I commit everything in thesis-code or is there stuff still...").
        let said = Array(before)
        let reading = said.count <= Self.maxFirstSaidTokens
            ? firstMatch(said, bytes: bytes, context: context) : matchAsSaid(said, bytes: bytes, context: context)
        // Free text read there may be narration read as a prompt ("Tom uses Oppi for his computer
        // work. Could you ask Oppi to run the tests for him?" names no workspace "his").
        guard let earlier = reading, earlier.intent.id == found.intent.id, !earlier.tookFreeText else { return found }
        var found = found
        for (name, value) in earlier.slots where found.slots[name] == nil {
            if case .text = value { continue }
            found.slots[name] = value
        }
        return found
    }

    /// A clause that names what was just asked for, also to an app addressed: "…, CodingBridge,
    /// it's called crumb and co" (not a chat with CodingBridge).
    static func onlyNamesAValue(_ clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let said = clause.first?.flags.contains(.app) == true ? clause.dropFirst() : clause
        guard let start = ValueSaidApart.nameStart(afterPointer: said, bytes: bytes) else { return false }
        return start < said.endIndex
    }

    /// "asked Oppi to …" tells of a request; "what if we asked Oppi to …" makes one.
    private static func beginsWithPastTense(_ tokens: UnsafeBufferPointer<Token>, at start: Int) -> Bool {
        tokens[start].flags.contains(.pastTense) && !(start >= 2 && tokens[start - 2].id == BuiltinWord.if.id)
    }

    /// The tokens as they are, else without an app named inside them ("snooze that Nagz
    /// reminder"), as if it had been said at the edge; else both without a period said after
    /// the request.
    private func matchAsSaid(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch? {
        guard !talksAboutApp(tokens, bytes: bytes) else { return nil }
        if let found = matchNamingAppInside(tokens, bytes: bytes, context: context) { return found }
        guard let shorter = Self.withoutTrailingTimeScope(tokens) else { return nil }
        return matchNamingAppInside(shorter, bytes: bytes, context: context)
    }

    /// The tokens as they are, else without an app named inside them ("snooze that Nagz
    /// reminder"), as if it had been said at the edge.
    private func matchNamingAppInside(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch? {
        if let found = match(tokens, bytes: bytes, context: context, innerApp: -1) { return found }
        guard let inner = UtteranceSpan.innerAppIndex(tokens) else { return nil }
        var rest = tokens
        let app = rest[inner].app
        // With its preposition: "a new session in Oppi for the mobile workspace".
        let from = UtteranceSpan.appPrepositions.contains(rest[inner - 1].id) ? inner - 1 : inner
        rest.removeSubrange(from...inner)
        return match(rest, bytes: bytes, context: context, innerApp: app)
    }

    private func match(
        _ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext, innerApp: Int8
    ) -> IntentMatch? {
        tokens.withUnsafeBufferPointer { view -> IntentMatch? in
            guard let ranking = rank(view, innerApp: innerApp), let best = ranking.best else { return nil }
            var confidence = best.confidence
            if let second = ranking.second, second.rank == best.rank { confidence *= 0.5 }
            guard confidence >= threshold else { return nil }
            let intent = sharedIntents[best.intent]
            let slots = SlotExtractor(program: program, tokens: view, bytes: bytes, context: context)
                .values(of: program.patterns[best.pattern].slots, captures: best.captures, intent: intent)
            var found = IntentMatch(shared: intent, confidence: confidence, slots: slots)
            found.isCatchAll = program.patterns[best.pattern].readsOnlyAppAndValues
            return found
        }
    }

    /// Patterns the compiler left out (they had no required word), as
    /// `intent-id: pattern`. Empty for a healthy catalog.
    public var skippedPatterns: [String] { program.skippedPatterns }

    // MARK: Ranking

    struct Candidate {
        var pattern: Int
        var intent: Int
        var confidence: Double
        var rank: Int
        var captures: SIMD16<Int16>
    }

    struct Ranking {
        var best: Candidate?
        /// The best candidate of another intent.
        var second: Candidate?

        mutating func offer(_ candidate: Candidate) {
            guard let current = best else {
                best = candidate
                return
            }
            if candidate.intent == current.intent {
                if candidate.rank > current.rank { best = candidate }
            } else if candidate.rank > current.rank {
                second = current
                best = candidate
            } else if candidate.rank > second?.rank ?? Int.min {
                second = candidate
            }
        }
    }

    /// `innerApp`: an app named inside the utterance and taken out of `tokens`, or -1.
    private func rank(_ tokens: UnsafeBufferPointer<Token>, innerApp: Int8) -> Ranking? {
        var span = UtteranceSpan.trimmed(tokens, program: program)
        guard span.start < span.end, !Self.beginsWithPastTense(tokens, at: span.start) else { return nil }
        var ranking = Ranking()
        program.withView { view in
            let executor = PatternExecutor(
                instructions: view.instructions, firstSteps: view.firstSteps, wordSetWords: view.wordSetWords,
                tokens: tokens, end: span.end, app: -1)
            if innerApp >= 0 {
                // Only patterns that do not name the app: its name is no longer where one would say it.
                span.app = innerApp
                evaluate(span, view: view, executor: executor, into: &ranking)
                return
            }
            evaluate(span, view: view, executor: executor, into: &ranking)
            if let detached = span.detachingApp(tokens, program: program) {
                var executor = executor
                executor.end = detached.end
                executor.detachedApp = detached.app
                evaluate(detached, view: view, executor: executor, into: &ranking)
            }
        }
        return ranking
    }

    /// Runs every pattern anchored by a word of the span (or by the app taken
    /// off it) whose required words all occur.
    private func evaluate(
        _ span: UtteranceSpan, view: ProgramView, executor: PatternExecutor, into ranking: inout Ranking
    ) {
        let tokens = executor.tokens
        var mask: UInt64 = 0
        for index in span.start..<span.end { mask |= 1 << UInt64(tokens[index].id & 63) }
        // A detached app still counts as said, for patterns that name it.
        let appWords = span.app >= 0 ? program.appWordIDs[Int(span.app)] : []
        for id in appWords { mask |= 1 << UInt64(id & 63) }
        // Every run starts at the span's first token.
        let firstWord = FirstStep.bit(tokens[span.start].id)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (view.headers.count + 63) / 64) { visited in
            visited.initialize(repeating: 0)
            var run = executor
            for index in (span.start - appWords.count)..<span.end {
                let id = index < span.start ? appWords[span.start - index - 1] : tokens[index].id
                for anchored in view.anchored(by: id) {
                    guard anchored.mayMeetRequirements(mask), anchored.firstStep.mayBegin(withBit: firstWord),
                          span.app < 0 || anchored.app == span.app else { continue }
                    let patternIndex = Int(anchored.pattern)
                    let bit: UInt64 = 1 << UInt64(patternIndex & 63)
                    guard visited[patternIndex >> 6] & bit == 0 else { continue }
                    visited[patternIndex >> 6] |= bit
                    let header = view.headers[patternIndex]
                    guard view.meetsRequirements(header, mask: mask) else { continue }
                    run.app = header.app
                    guard let outcome = run.run(from: header.entry, at: span.start) else { continue }
                    offer(outcome, pattern: patternIndex, header: header, span: span, to: &ranking)
                }
            }
        }
    }

    private func offer(
        _ outcome: PatternExecutor.Outcome, pattern: Int, header: PatternHeader, span: UtteranceSpan,
        to ranking: inout Ranking
    ) {
        // A named app alone is no evidence for one of its intents: the pattern must
        // read some of its own words too ("what's pi" is not a prompt for Oppi).
        guard outcome.evidence > 0 else { return }
        let evidence = Int(outcome.evidence) + (span.app >= 0 ? Self.appEvidence : 0)
        // A short text the phrasing bounds, after two of the catalog's own words ("log my mood
        // exhausted"), ends where the phrasing says; "i feel sick" has one.
        let boundedEnd = outcome.endsInShortText && outcome.evidence - outcome.functionWords >= 2
        let unanchoredEnd = outcome.endsInFreeText && !boundedEnd && outcome.appTokens == 0 && span.app < 0
            && Self.filledSlots(outcome.captures, count: Int(header.slotCount)) < 2
        ranking.offer(Candidate(
            pattern: pattern, intent: Int(header.intent),
            confidence: Self.confidence(evidence: evidence, unanchoredEnd: unanchoredEnd),
            rank: evidence * 1024 - Int(outcome.freeTokens), captures: outcome.captures))
    }
}

extension IntentMatcher {
    static func filledSlots(_ captures: SIMD16<Int16>, count: Int) -> Int {
        (0..<count).reduce(0) { $0 + (captures[$1 * 2] >= 0 ? 1 : 0) }
    }

    /// Each word of evidence halves the doubt: 2 words give 0.75, 3 give 0.875.
    /// Free text running to the end, with no app named and nothing else
    /// captured, counts half a word less: "work on {project}" needs more than
    /// "work on" to be believed, while "remind {recipient} to {description}" is
    /// held up by the mention in its middle.
    static func confidence(evidence: Int, unanchoredEnd: Bool) -> Double {
        var doubt = 1.0
        for _ in 0..<max(0, evidence) { doubt *= 0.5 }
        if unanchoredEnd { doubt *= 1.414_213_562_373_095 }
        return min(1, max(0, 1 - doubt))
    }
}
