import Catalog

/// Compiles a catalog into a `MatcherProgram`: builds the vocabulary from every
/// word the catalog uses (with simple plurals), turns app names into app tokens,
/// and each phrase and utterance into instructions.
struct PatternCompiler {
    let catalog: Catalog
    var vocabulary = Vocabulary.base
    private var instructions: [Instruction] = [.match]
    private var wordSetWords: [TokenID] = []
    private var patterns: [CompiledPattern] = []
    private var skipped: [String] = []
    var enumIndex: [String: Int] = [:]
    var enumForms: [[MatcherProgram.EnumForm]] = []
    var appWordIDs: [[TokenID]] = []
    var appPhrases = PhraseTable()
    /// Per compiled pattern, the required words it is indexed under.
    var anchorSets: [[TokenID]] = []
    /// Words some pattern begins with.
    var requestStarters: Set<TokenID> = []

    /// Words that are not plurals of a shorter word, though they look it.
    static let notPlurals: Set<String> = [
        "news", "bus", "gas", "yes", "this", "his", "its", "status", "has", "was", "does", "is", "us",
    ]

    private static let matchInstruction: Int32 = 0
    private static let maxSlots = 8

    init(catalog: Catalog) {
        self.catalog = catalog
    }

    consuming func compile() -> MatcherProgram {
        let parsed = parseAll()
        buildVocabulary(parsed)
        buildEnums()
        for (intentIndex, intent) in catalog.intents.enumerated() {
            let app = Int8(catalog.apps.firstIndex { $0.name == intent.app } ?? 0)
            for (text, pattern) in parsed[intentIndex] {
                compilePattern(pattern, text: text, intent: intentIndex, app: app)
            }
        }
        let (starts, anchored) = buildAnchorIndex()
        return MatcherProgram(
            vocabulary: vocabulary, instructions: instructions, wordSetWords: wordSetWords, patterns: patterns,
            anchorStarts: starts, anchorPatterns: anchored, appWordIDs: appWordIDs, appPhrases: appPhrases,
            leadingFillers: fillerTable(Fillers.leading), leadingBeforePause: fillerTable(Fillers.leadingBeforePause),
            trailingFillers: fillerTable(Fillers.trailing),
            vocatives: fillerTable(Fillers.vocatives),
            enumForms: enumForms, enumIndex: enumIndex, requestStarters: requestStarters, skippedPatterns: skipped)
    }

    // MARK: Parsing

    /// Each intent's phrases and utterances, parsed with their app's rules inlined.
    private func parseAll() -> [[(String, PhrasePattern)]] {
        catalog.intents.map { intent in
            let app = catalog.app(named: intent.app)
            var rules: [String: PhrasePattern] = [:]
            for (name, text) in app?.rules ?? [:] {
                rules[name] = try? PhrasePattern.parseUtterance(text)
            }
            let phrases = intent.phrases.compactMap { text in
                (try? PhrasePattern.parseSwiftPhrase(text)).map { (text, $0.inliningRules(rules)) }
            }
            let utterances = intent.utterances.compactMap { text in
                (try? PhrasePattern.parseUtterance(text)).map { (text, $0.inliningRules(rules)) }
            }
            return phrases + utterances
        }
    }

    // MARK: Enums

    private mutating func buildEnums() {
        for app in catalog.apps {
            for enumeration in app.enums {
                enumIndex["\(app.name).\(enumeration.name)"] = enumForms.count
                var forms: [MatcherProgram.EnumForm] = []
                for enumCase in enumeration.cases {
                    for spoken in enumCase.spokenForms {
                        let tokens = lex(spoken).map(\.id)
                        if !tokens.isEmpty, !forms.contains(where: { $0.tokens == tokens }) {
                            forms.append(.init(value: enumCase.value, tokens: tokens))
                        }
                    }
                }
                enumForms.append(forms.sorted { $0.tokens.count > $1.tokens.count })
            }
        }
    }

    // MARK: Patterns

    struct PatternContext {
        let intent: IntentDefinition
        let appName: String
        let app: Int8
        var slotNames: [String] = []
        var bindings: [SlotBinding] = []
        var valid = true
    }

    private mutating func compilePattern(_ pattern: PhrasePattern, text: String, intent: Int, app: Int8) {
        var context = PatternContext(intent: catalog.intents[intent], appName: catalog.intents[intent].app, app: app)
        let entry = compile(pattern.elements, next: Self.matchInstruction, context: &context)
        let requirements = requirements(of: pattern.elements, context: context)
        guard context.valid, !requirements.isEmpty else {
            skipped.append("\(catalog.intents[intent].id): \(text)")
            return
        }
        patterns.append(CompiledPattern(
            intent: intent, app: app, entry: entry, slots: context.bindings,
            requirements: requirements.map(Self.mask), readsOnlyAppAndValues: Self.readsOnlyAppAndValues(pattern.elements),
            text: text))
        anchorSets.append(Self.anchor(among: requirements))
        requestStarters.formUnion(firstWords(of: pattern.elements, context: context) ?? [])
    }

    /// A catch-all: the app's name and values, no word of the pattern's own ("<app> {message}").
    static func readsOnlyAppAndValues(_ elements: [PhrasePattern.Element]) -> Bool {
        var namesApp = false
        for element in elements {
            switch element {
            case .app: namesApp = true
            case .slot, .pause: continue
            case .literal, .rule, .choice: return false
            }
        }
        return namesApp
    }

    /// The words a pattern is tried on: one of the sets every match must contain, the one
    /// with fewest words, but a set of the catalog's own words before one holding a built-in
    /// word ("i", "me", "what", "open"), which nearly every utterance has. Any set gives the
    /// same matches; a rarer one tries the pattern on fewer utterances.
    static func anchor(among requirements: [[TokenID]]) -> [TokenID] {
        let builtin = { (set: [TokenID]) in set.contains { BuiltinWord(id: $0) != nil } ? 1 : 0 }
        return requirements.min { (builtin($0), $0.count) < (builtin($1), $1.count) } ?? []
    }

    private mutating func compile(_ elements: [PhrasePattern.Element], next: Int32, context: inout PatternContext) -> Int32 {
        var continuation = next
        var index = elements.count
        while index > 0 {
            index -= 1
            if case .app = elements[index], index > 0, let link = appLink(elements[index - 1]) {
                // "... in <app>": an app named at the edge of the utterance and
                // taken off there takes its preposition with it, so "in
                // CodingBridge, look up X" reads as "look up X in CodingBridge".
                let named = emitWords(link.prepositions, next: emit(.app(next: continuation)))
                continuation = chain([named, emit(.detachedApp(next: continuation))])
                for id in link.leading.reversed() { continuation = emit(.word(id, next: continuation)) }
                index -= 1
            } else {
                continuation = compile(elements[index], next: continuation, context: &context)
            }
        }
        return continuation
    }

    /// The prepositions that attach an app's name when `element` comes just
    /// before `<app>` (a literal ending in one, or a choice of them), and the
    /// literal's words before it.
    func appLink(_ element: PhrasePattern.Element) -> (leading: [TokenID], prepositions: [TokenID])? {
        switch element {
        case .literal(let text):
            let ids = lex(text).map(\.id)
            guard let last = ids.last, UtteranceSpan.appPrepositions.contains(last) else { return nil }
            return (Array(ids.dropLast()), [last])
        case .choice(let alternatives, optional: false):
            var prepositions: [TokenID] = []
            for alternative in alternatives {
                guard alternative.count == 1, case .literal(let text) = alternative[0] else { return nil }
                let ids = lex(text).map(\.id)
                guard ids.count == 1, UtteranceSpan.appPrepositions.contains(ids[0]) else { return nil }
                if !prepositions.contains(ids[0]) { prepositions.append(ids[0]) }
            }
            return prepositions.isEmpty ? nil : ([], prepositions)
        default:
            return nil
        }
    }

    private mutating func compile(_ element: PhrasePattern.Element, next: Int32, context: inout PatternContext) -> Int32 {
        switch element {
        case .literal(let text):
            var continuation = next
            for token in lex(text).reversed() { continuation = emitWords(Self.saidAs(token.id), next: continuation) }
            return continuation
        case .app:
            return emit(.app(next: next))
        case .pause:
            return emit(.pause(next: next))
        case .rule:
            // Rules are inlined before compiling; an unknown one was rejected by the loader.
            context.valid = false
            return next
        case .slot(let name, let limit, let spokenAs):
            return compileSlot(name, limit: limit, spokenAs: spokenAs, next: next, context: &context)
        case .choice(let alternatives, let optional):
            var singleWords: [TokenID] = []
            var entries: [Int32] = []
            var canBeEmpty = optional
            for alternative in alternatives {
                if case .literal(let text) = alternative.first, alternative.count == 1 {
                    let tokens = lex(text)
                    if tokens.isEmpty {
                        canBeEmpty = true
                        continue
                    }
                    if tokens.count == 1 {
                        for id in Self.saidAs(tokens[0].id) where !singleWords.contains(id) { singleWords.append(id) }
                        continue
                    }
                }
                entries.append(compile(alternative, next: next, context: &context))
            }
            // Longer alternatives first: "search for" before "search" reads more
            // of the utterance as pattern words.
            if !singleWords.isEmpty { entries.append(emitWords(singleWords, next: next)) }
            guard !entries.isEmpty else { return next }
            let branches = chain(entries)
            return canBeEmpty ? emit(.split(branches, next)) : branches
        }
    }

    private mutating func compileSlot(
        _ name: String, limit: Int?, spokenAs: String?, next: Int32, context: inout PatternContext
    ) -> Int32 {
        guard let parameterIndex = context.intent.parameters.firstIndex(where: { $0.name == name }) else {
            context.valid = false
            return next
        }
        let slot: Int
        if let existing = context.slotNames.firstIndex(of: name) {
            slot = existing
        } else {
            guard context.slotNames.count < Self.maxSlots else {
                context.valid = false
                return next
            }
            slot = context.slotNames.count
            context.slotNames.append(name)
            context.bindings.append(SlotBinding(parameter: parameterIndex, kind: .text))
        }
        let slotID = Int8(slot)
        let parameterType = context.intent.parameters[parameterIndex].type
        if let spokenAs {
            guard let index = enumIndex["\(context.appName).\(spokenAs)"] else {
                context.valid = false
                return next
            }
            switch parameterType {
            case .entity: context.bindings[slot].kind = .spokenEnum(index, entity: true)
            case .string: context.bindings[slot].kind = .spokenEnum(index, entity: false)
            default:
                context.valid = false
                return next
            }
            return emitEnumForms(index, slot: slotID, next: next)
        }
        switch parameterType {
        case .string:
            context.bindings[slot].kind = .text
            return emit(.free(slot: slotID, limit: Int16(clamping: limit ?? Int(Int16.max)), mention: false, person: false, next: next))
        case .entity(let type):
            context.bindings[slot].kind = .mention
            let person = IntentMatcher.isPerson(type)
            return emit(.free(slot: slotID, limit: Int16(clamping: limit ?? 4), mention: true, person: person, next: next))
        case .enumeration(let enumName):
            guard let index = enumIndex["\(context.appName).\(enumName)"] else {
                context.valid = false
                return next
            }
            context.bindings[slot].kind = .enumeration(index)
            return emitEnumForms(index, slot: slotID, next: next)
        case .integer, .duration, .date, .bool:
            let kind: TypedSlot = switch parameterType {
            case .integer: .integer
            case .duration: .duration
            case .date: .date
            default: .bool
            }
            context.bindings[slot].kind = .typed(kind)
            return emit(.typed(slot: slotID, kind: kind, next: next))
        }
    }

    /// A slot that reads one spoken form of the enum at `index`.
    private mutating func emitEnumForms(_ index: Int, slot: Int8, next: Int32) -> Int32 {
        let close = emit(.close(slot: slot, next: next))
        return emit(.open(slot: slot, next: emitForms(enumForms[index].map(\.tokens), next: close)))
    }

    /// Reads one of `forms` (longest first, as given): forms that share a first word behind
    /// one step for it, and the one-word forms in a single word-set step, so an enum of many
    /// synonyms costs a few steps where each form was a branch of its own.
    private mutating func emitForms(_ forms: [[TokenID]], next: Int32) -> Int32 {
        var firstWords: [TokenID] = []
        var rests: [TokenID: [[TokenID]]] = [:]
        var singles: [TokenID] = []
        for form in forms {
            guard form.count > 1 else {
                if !singles.contains(form[0]) { singles.append(form[0]) }
                continue
            }
            if rests[form[0]] == nil { firstWords.append(form[0]) }
            rests[form[0], default: []].append(Array(form.dropFirst()))
        }
        var entries = firstWords.map { word in emit(.word(word, next: emitForms(rests[word] ?? [], next: next))) }
        if !singles.isEmpty { entries.append(emitWords(singles, next: next)) }
        return chain(entries)
    }

    /// One step that reads any one of `words`.
    private mutating func emitWords(_ words: [TokenID], next: Int32) -> Int32 {
        guard words.count > 1 else { return emit(.word(words[0], next: next)) }
        let (start, count) = addWordSet(words)
        return emit(.wordSet(start: start, count: count, next: next))
    }

    /// Lays `words` out sorted in the word-set list, where `.wordSet` and `.peek` search them.
    private mutating func addWordSet<Words: Collection<TokenID>>(_ words: Words) -> (start: Int32, count: Int32) {
        let start = Int32(wordSetWords.count)
        wordSetWords += words.sorted()
        return (start, Int32(words.count))
    }

    /// Splits that try `entries` in order, behind a `.peek` at the next token when every
    /// entry begins with a word.
    private mutating func chain(_ entries: [Int32]) -> Int32 {
        guard var continuation = entries.last else { return Self.matchInstruction }
        for entry in entries.dropLast().reversed() { continuation = emit(.split(entry, continuation)) }
        guard entries.count > 1, let words = leadingWords(at: continuation, depth: 0) else { return continuation }
        let (start, count) = addWordSet(words)
        return emit(.peek(start: start, count: count, next: continuation))
    }

    /// The words a run of the compiled steps from `pc` must read first (`firstWords(of:context:)`
    /// answers the same of a pattern's elements, for the index); nil when it may read anything
    /// else first (a slot, the app, which may also have been taken off) or read nothing.
    private func leadingWords(at pc: Int32, depth: Int) -> Set<TokenID>? {
        guard depth < 32 else { return nil }
        switch instructions[Int(pc)] {
        case .word(let id, _):
            return [id]
        case .wordSet(let start, let count, _), .peek(let start, let count, _):
            return Set(wordSetWords[Int(start)..<Int(start + count)])
        case .split(let first, let second):
            guard let firsts = leadingWords(at: first, depth: depth + 1),
                  let seconds = leadingWords(at: second, depth: depth + 1) else { return nil }
            return firsts.union(seconds)
        case .open(_, let next), .close(_, let next):
            return leadingWords(at: next, depth: depth + 1)
        case .app, .pause, .detachedApp, .free, .typed, .match:
            return nil
        }
    }

    private mutating func emit(_ instruction: Instruction) -> Int32 {
        instructions.append(instruction)
        return Int32(instructions.count - 1)
    }

}
