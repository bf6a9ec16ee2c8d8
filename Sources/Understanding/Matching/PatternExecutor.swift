/// Runs one compiled pattern against a span of tokens by backtracking: the first
/// way through the pattern (in the order the pattern prefers) that reads every
/// token wins. A step budget bounds the work on long utterances.
struct PatternExecutor {
    /// What a run has read; at `.match`, the result of a successful run. Small, because every
    /// choice copies it: counts fit in 16 bits as slot positions do (`IntentMatcher.maxTokens`).
    struct Outcome {
        /// Token positions of each slot: start at `2k`, end at `2k + 1`.
        var captures: SIMD16<Int16>
        /// Tokens read as words of the pattern or typed values, plus
        /// `IntentMatcher.appEvidence` for each app name.
        var evidence: Int16
        /// Tokens read as free text or entity mentions.
        var freeTokens: Int16
        /// Tokens read as the app's name.
        var appTokens: Int16
        /// The utterance ends in free text or a mention: the pattern cannot tell
        /// where the request stops, so it is weaker evidence ("work on my tan").
        var endsInFreeText: Bool
        /// That free text is one the phrasing bounds to a few words ("log my mood {title:4}").
        var endsInShortText = false
        /// Pattern words read that are built-in words ("i", "on", "show") rather than the
        /// catalog's own ("log", "mood"), part of `evidence`.
        var functionWords: Int16 = 0

        mutating func countWord(_ id: TokenID, firstCatalogID: TokenID) {
            evidence += 1
            if id < firstCatalogID { functionWords += 1 }
        }
    }

    let instructions: UnsafeBufferPointer<Instruction>
    let firstSteps: UnsafeBufferPointer<FirstStep>
    let wordSetWords: UnsafeBufferPointer<TokenID>
    let tokens: UnsafeBufferPointer<Token>
    var end: Int
    /// The app whose name `.app` steps accept.
    var app: Int8
    /// The app named at an edge and taken off the span, which `.app` steps may
    /// then do without; -1 for none.
    var detachedApp: Int8 = -1
    /// `BuiltinWord.firstCatalogID`, read once per executor: the static is initialised lazily,
    /// and reading it costs a call at every word a run reads.
    private let firstCatalogID = BuiltinWord.firstCatalogID

    private static let stepBudget = 20_000
    private static let shortTextLimit = 4
    /// Free text the catalog bounds (`{title:6}`), as opposed to a prompt or a message.
    private static let boundedTextLimit = 8
    private static let questionWords: BuiltinWordSet = [
        BuiltinWord.how.id, BuiltinWord.what.id, BuiltinWord.why.id, BuiltinWord.where.id, BuiltinWord.when.id, BuiltinWord.who.id,
    ]
    private static let auxiliaries: BuiltinWordSet = [
        BuiltinWord.do.id, BuiltinWord.is.id, BuiltinWord.are.id, BuiltinWord.can.id, BuiltinWord.could.id, BuiltinWord.would.id,
        BuiltinWord.will.id, BuiltinWord.was.id,
    ]

    /// Runs the pattern at `entry` from `start`, a token it may begin with
    /// (`AnchoredPattern.firstStep`: the caller passes over the others).
    func run(from entry: Int32, at start: Int) -> Outcome? {
        var budget = Self.stepBudget
        let nothingRead = Outcome(captures: SIMD16(repeating: -1), evidence: 0, freeTokens: 0, appTokens: 0, endsInFreeText: false)
        return step(entry, start, nothingRead, &budget)
    }

    /// Runs from `pc` at `position` with `read` counted so far. Steps that leave no choice
    /// go on in the loop; only a choice (a split, an app that may have been taken off, where
    /// a value ends) recurses, so what was read is counted on the way down and the first
    /// run that reaches `.match` is the outcome as it stands.
    private func step(_ pc: Int32, _ position: Int, _ read: Outcome, _ budget: inout Int) -> Outcome? {
        var pc = pc
        var position = position
        var read = read
        while true {
            budget -= 1
            guard budget >= 0 else { return nil }
            switch instructions[Int(pc)] {
            case .match:
                return position == end ? read : nil
            case .word(let id, let next):
                guard position < end, tokens[position].id == id else { return nil }
                read.countWord(id, firstCatalogID: firstCatalogID)
                position += 1
                pc = next
            case .wordSet(let start, let count, let next):
                guard position < end, contains(tokens[position].id, start: Int(start), count: Int(count)) else { return nil }
                read.countWord(tokens[position].id, firstCatalogID: firstCatalogID)
                position += 1
                pc = next
            case .peek(let start, let count, let next):
                guard position < end, contains(tokens[position].id, start: Int(start), count: Int(count)) else { return nil }
                pc = next
            case .app(let next):
                if position < end, tokens[position].app == app {
                    var named = read
                    named.evidence += Int16(IntentMatcher.appEvidence)
                    named.appTokens += 1
                    // The app was named at the edge of the utterance and taken off: "in
                    // CodingBridge, search for X" reads as "search CodingBridge for X", so
                    // a failed read of the name here may still go on without it.
                    guard detachedApp == app else {
                        read = named
                        position += 1
                        pc = next
                        continue
                    }
                    if let outcome = step(next, position + 1, named, &budget) { return outcome }
                }
                guard detachedApp == app else { return nil }
                pc = next
            case .pause(let next):
                guard position < end, tokens[position].flags.contains(.clauseStart) else { return nil }
                pc = next
            case .detachedApp(let next):
                guard detachedApp == app else { return nil }
                pc = next
            case .split(let first, let second):
                // A branch whose first step fails here is not tried: the other one goes on in
                // the loop, and only a choice both sides may take recurses.
                if fails(first, at: position) {
                    pc = second
                    continue
                }
                if !fails(second, at: position) {
                    if let outcome = step(first, position, read, &budget) { return outcome }
                    pc = second
                } else {
                    pc = first
                }
            case .open(let slot, let next):
                read.captures[Int(slot) * 2] = Int16(truncatingIfNeeded: position)
                pc = next
            case .close(let slot, let next):
                read.captures[Int(slot) * 2 + 1] = Int16(truncatingIfNeeded: position)
                pc = next
            case .free(let slot, let limit, let mention, let person, let next):
                if person, position < end, tokens[position].flags.contains(.gerund) { return nil }
                return free(slot: Int(slot), limit: Int(limit), mention: mention, next: next, at: position, read, &budget)
            case .typed(let slot, let kind, let next):
                let start = valueStart(kind, at: position)
                let ends = typedEnds(kind, at: start)
                read.captures[Int(slot) * 2] = Int16(truncatingIfNeeded: start)
                for index in 0..<ends.count {
                    let stop = ends[index]
                    var value = read
                    value.captures[Int(slot) * 2 + 1] = Int16(truncatingIfNeeded: stop)
                    value.evidence += Int16(truncatingIfNeeded: stop - position)
                    if let outcome = step(next, stop, value, &budget) { return outcome }
                }
                return nil
            }
        }
    }

    /// Whether the step at `pc` fails at `position` on the token alone (a word that is not
    /// there, the end of the pattern before the end of the utterance, a choice none of whose
    /// branches can begin with the token); false when only running it can tell.
    @inline(__always)
    private func fails(_ pc: Int32, at position: Int) -> Bool {
        switch instructions[Int(pc)] {
        case .word(let id, _):
            return position >= end || tokens[position].id != id
        case .wordSet(let start, let count, _), .peek(let start, let count, _):
            return position >= end || !contains(tokens[position].id, start: Int(start), count: Int(count))
        case .match:
            return position != end
        case .pause:
            return position >= end || !tokens[position].flags.contains(.clauseStart)
        default:
            return firstSteps[Int(pc)].rulesOut(tokens, at: position, end: end)
        }
    }

    /// Free text (or a mention) from `position`, shortest first, then the rest of the pattern.
    private func free(
        slot: Int, limit: Int, mention: Bool, next: Int32, at position: Int, _ read: Outcome, _ budget: inout Int
    ) -> Outcome? {
        // "I feel like pizza" wants something; it is not how the user feels.
        if !mention, limit <= Self.shortTextLimit, position < end, tokens[position].id == BuiltinWord.like.id { return nil }
        if splitsWord(at: position) { return nil }
        // "… logging fake moods on my moodboard, how do I stop her": a question after a pause is
        // asked, not a short text (a mood's title, a note) to keep.
        if !mention, limit <= Self.boundedTextLimit, position + 1 < end, tokens[position].flags.contains(.clauseStart),
           Self.questionWords.contains(tokens[position].id), Self.auxiliaries.contains(tokens[position + 1].id) {
            return nil
        }
        // "log a new mood in MoodBoard: restless": where the app is named is no part of the
        // text; the utterance is read again without it.
        if !mention, position + 1 < end, tokens[position + 1].flags.contains(.app),
           UtteranceSpan.appPrepositions.contains(tokens[position].id) {
            return nil
        }
        var read = read
        read.captures[slot * 2] = Int16(truncatingIfNeeded: position)
        let last = min(end, position + limit)
        // A mention that ends where the user paused ("for the recipe app, cache ...")
        // is tried at the pause first.
        let pause = mention ? mentionPause(from: position, to: last) : nil
        if let pause {
            var text = read
            text.captures[slot * 2 + 1] = Int16(truncatingIfNeeded: pause)
            text.freeTokens += Int16(truncatingIfNeeded: pause - position)
            text.evidence += 1
            if let outcome = step(next, pause, text, &budget) { return outcome }
        }
        var stop = position + 1
        while stop <= last {
            if mention, !canBeInMention(tokens[stop - 1]) { return nil }
            if mention, stop - 1 > position, !continuesName(from: position, at: stop - 1) { return nil }
            if mention, stop - 1 > position, tokens[stop - 1].flags.contains(.clauseStart) { return nil }
            if stop == pause || splitsWord(at: stop) || fails(next, at: stop) || mention && pointsBack(from: position, to: stop) {
                stop += 1
                continue
            }
            var text = read
            text.captures[slot * 2 + 1] = Int16(truncatingIfNeeded: stop)
            text.freeTokens += Int16(truncatingIfNeeded: stop - position)
            if mention, tokens[position].flags.contains(.writtenAsName) {
                // A name as the recogniser wrote it ("Ben") is evidence, and where
                // the request ends is plain.
                text.evidence += 1
            } else if !mention, tokens[position].flags.contains(.afterColon) {
                // The user marked where the content starts ("log my mood: tired").
                text.evidence += 1
            } else if stop == end {
                // Nothing after it reads a token, so this is where the utterance ends in text.
                text.endsInFreeText = true
                text.endsInShortText = !mention && limit <= Self.shortTextLimit
            }
            if let outcome = step(next, stop, text, &budget) { return outcome }
            stop += 1
        }
        return nil
    }

    /// Whether a value starting or ending at `index` would cut a word the tokenizer read as parts
    /// ("api-prod", "don't"): the parts share the word's bytes, so a value begun at its second
    /// part would hold the whole word ("Ask Oppi in data-site to add tests").
    private func splitsWord(at index: Int) -> Bool {
        index > 0 && index < end && tokens[index].isPart(after: tokens[index - 1])
    }

    /// "The old one", "that other one": a mention ending in "one" after another word points back
    /// to something said before; it is no name ("in the old one I can't find anything").
    private func pointsBack(from position: Int, to stop: Int) -> Bool {
        guard stop - 1 > position else { return false }
        let last = tokens[stop - 1]
        return last.id == .number && last.value == 1 && last.flags.contains(.numberWord)
    }

    /// Where a mention starting at `position` would end at a pause (a comma, a
    /// colon) before `last`, or nil.
    private func mentionPause(from position: Int, to last: Int) -> Int? {
        var stop = position + 1
        while stop < min(last + 1, end) {
            guard canBeInMention(tokens[stop - 1]) else { return nil }
            if tokens[stop].flags.contains(.clauseStart) { return stop }
            stop += 1
        }
        return nil
    }

    /// Word sets are sorted: an enum's one-word forms can be dozens.
    private func contains(_ id: TokenID, start: Int, count: Int) -> Bool {
        var low = start
        var high = start + count
        while low < high {
            let middle = (low + high) / 2
            let word = wordSetWords[middle]
            if word == id { return true }
            if word < id { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// Names are not prepositions, times or app names ("remind Emma to", "for Sam tomorrow").
    /// "you" names no one ("Leo, did you get the nag I sent you?" finishes no nag called "you get").
    static func canBeInMention(_ token: Token) -> Bool {
        token.flags.isDisjoint(with: [.stop, .temporal, .app]) && token.id != BuiltinWord.you.id
    }

    /// A name the recogniser capitalised ("Theo") runs on only over words the vocabulary does
    /// not know ("Theo Park") or after a possessive ("Sophie's homework"), not into the request
    /// ("Theo take the bins out").
    private func continuesName(from start: Int, at index: Int) -> Bool {
        !tokens[start].flags.contains(.writtenAsName) || tokens[index].id == .unknown
            || tokens[index - 1].flags.contains(.possessive)
    }

    /// Once the user named this pattern's app at an edge, another app's name inside a mention
    /// is a name: "work on the moodboard project in CodingBridge" opens a project. Without
    /// that, the other app's name limits the request to its own app.
    private func canBeInMention(_ token: Token) -> Bool {
        Self.canBeInMention(token)
            || (detachedApp == app && token.app != app && token.flags.isDisjoint(with: [.stop, .temporal]))
    }

    /// Words that make an amount approximate without changing it ("like twenty minutes").
    private static let hedges: [TokenID] = [BuiltinWord.like.id, BuiltinWord.about.id, BuiltinWord.around.id]

    /// Where a typed value said at `position` starts, after a hedge.
    private func valueStart(_ kind: TypedSlot, at position: Int) -> Int {
        guard kind == .duration || kind == .integer, position + 1 < end,
              Self.hedges.contains(tokens[position].id) else { return position }
        return position + 1
    }

    private func typedEnds(_ kind: TypedSlot, at position: Int) -> EndList {
        var ends = EndList()
        guard position < end else { return ends }
        switch kind {
        case .integer:
            if ScalarGrammar.integer(tokens, at: position, to: end) != nil { ends.insert(position + 1) }
        case .bool:
            if ScalarGrammar.bool(tokens, at: position, to: end) != nil { ends.insert(position + 1) }
        case .duration:
            DurationGrammar.parse(tokens, from: position, to: end) { stop, _ in ends.insert(stop) }
        case .date:
            DateGrammar.parse(tokens, from: position, to: end) { stop, _ in ends.insert(stop) }
        }
        return ends
    }
}
