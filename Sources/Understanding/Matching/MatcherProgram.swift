/// Everything the matcher compiled from a catalog: the vocabulary, the pattern
/// steps, and the indexes that pick the few patterns worth trying. Immutable
/// and shared by every copy of an `IntentMatcher`.
final class MatcherProgram: Sendable {
    let vocabulary: Vocabulary
    let instructions: [Instruction]
    /// What a run from each instruction can read first.
    let firstSteps: [FirstStep]
    /// The words of every `.wordSet` step, one run per step.
    let wordSetWords: [TokenID]
    let patterns: [CompiledPattern]
    let headers: [PatternHeader]
    /// Every pattern's requirements of several words (one of "nag", "reminder", "task"), as
    /// masks in runs named by its header.
    let requirements: [UInt64]
    /// Patterns by anchor word: `anchorPatterns[anchorStarts[id]..<anchorStarts[id + 1]]`.
    let anchorStarts: [Int32]
    let anchorPatterns: [AnchoredPattern]
    /// Each app's token id and the ids of its weak aliases.
    let appWordIDs: [[TokenID]]
    /// Multi-word app names, each replaced by the app's token.
    let appPhrases: PhraseTable
    let leadingFillers: PhraseTable
    /// Lead-ins trimmed only before a pause ("where was I, …").
    let leadingBeforePause: PhraseTable
    let trailingFillers: PhraseTable
    /// Someone called after a pause at the end ("…, love"): trimmed only after a break.
    let vocatives: PhraseTable
    /// Spoken forms of each enum, by `SlotBinding.Kind.enumeration` index.
    let enumForms: [[EnumForm]]
    /// Per enum, the `FirstStep.bit` of each form's first word: where no form can begin.
    let enumFirstWords: [UInt64]
    /// `enumForms` index by `app.EnumName`.
    let enumIndex: [String: Int]
    /// Words some pattern begins with: where a request may start after words that lead up
    /// to it ("okay I finished it, mark the nag done").
    let requestStarters: Set<TokenID>
    /// Verbs that make an app do the request: "get Nagz to remind Oliver", "have Nagz remind him".
    let causativeVerbs: Set<TokenID>
    /// Patterns that were left out because nothing in them is required, so they
    /// would match anything.
    let skippedPatterns: [String]

    struct EnumForm: Sendable {
        var value: String
        var tokens: [TokenID]
    }

    init(
        vocabulary: Vocabulary, instructions: [Instruction], wordSetWords: [TokenID], patterns: [CompiledPattern],
        anchorStarts: [Int32], anchorPatterns: [Int32], appWordIDs: [[TokenID]], appPhrases: PhraseTable, leadingFillers: PhraseTable,
        leadingBeforePause: PhraseTable, trailingFillers: PhraseTable, vocatives: PhraseTable, enumForms: [[EnumForm]], enumIndex: [String: Int],
        requestStarters: Set<TokenID>, skippedPatterns: [String]
    ) {
        self.vocabulary = vocabulary
        self.instructions = instructions
        let firstSteps = FirstStep.table(instructions, wordSetWords: wordSetWords)
        self.firstSteps = firstSteps
        self.wordSetWords = wordSetWords
        self.patterns = patterns
        var headers: [PatternHeader] = []
        var requirements: [UInt64] = []
        for pattern in patterns {
            // One-word requirements are checked together, by the pattern's `AnchoredPattern`.
            let severalWords = pattern.requirements.filter { $0.nonzeroBitCount > 1 }
            headers.append(PatternHeader(
                intent: Int32(pattern.intent), entry: pattern.entry, requirementStart: Int32(requirements.count),
                requirementCount: Int32(severalWords.count), slotCount: Int32(pattern.slots.count),
                app: pattern.app))
            requirements += severalWords
        }
        self.headers = headers
        self.requirements = requirements
        self.anchorStarts = anchorStarts
        self.anchorPatterns = anchorPatterns.map { pattern in
            AnchoredPattern(pattern: pattern, patterns[Int(pattern)], firstStep: firstSteps[Int(patterns[Int(pattern)].entry)])
        }
        self.appWordIDs = appWordIDs
        self.appPhrases = appPhrases
        self.leadingFillers = leadingFillers
        self.leadingBeforePause = leadingBeforePause
        self.trailingFillers = trailingFillers
        self.vocatives = vocatives
        self.enumForms = enumForms
        self.enumFirstWords = enumForms.map { forms in forms.reduce(0) { $0 | FirstStep.bit($1.tokens[0]) } }
        self.enumIndex = enumIndex
        self.requestStarters = requestStarters
        self.causativeVerbs = Set(["get", "have", "make", "let"].compactMap(vocabulary.id(of:)))
        self.skippedPatterns = skippedPatterns
    }
}

/// The program's arrays as buffers, for the matcher's inner loop: reading
/// through them costs no reference counting or copy checks.
struct ProgramView {
    let instructions: UnsafeBufferPointer<Instruction>
    let firstSteps: UnsafeBufferPointer<FirstStep>
    let wordSetWords: UnsafeBufferPointer<TokenID>
    let headers: UnsafeBufferPointer<PatternHeader>
    let requirements: UnsafeBufferPointer<UInt64>
    let anchorStarts: UnsafeBufferPointer<Int32>
    let anchorPatterns: UnsafeBufferPointer<AnchoredPattern>

    /// The patterns worth trying for `id`.
    func anchored(by id: TokenID) -> UnsafeBufferPointer<AnchoredPattern> {
        let index = Int(id)
        guard index + 1 < anchorStarts.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(rebasing: anchorPatterns[Int(anchorStarts[index])..<Int(anchorStarts[index + 1])])
    }

    /// True when the utterance (as `mask`) has a word of each of the pattern's requirements of
    /// several words: after `AnchoredPattern.mayMeetRequirements`, it has every one-word one.
    func meetsRequirements(_ header: PatternHeader, mask: UInt64) -> Bool {
        let first = Int(header.requirementStart)
        for index in first..<(first + Int(header.requirementCount)) where mask & requirements[index] == 0 {
            return false
        }
        return true
    }
}

extension MatcherProgram {
    func withView<Result>(_ body: (ProgramView) -> Result) -> Result {
        instructions.withUnsafeBufferPointer { instructions in
            firstSteps.withUnsafeBufferPointer { firstSteps in
                wordSetWords.withUnsafeBufferPointer { wordSetWords in
                    headers.withUnsafeBufferPointer { headers in
                        requirements.withUnsafeBufferPointer { requirements in
                            anchorStarts.withUnsafeBufferPointer { anchorStarts in
                                anchorPatterns.withUnsafeBufferPointer { anchorPatterns in
                                    body(ProgramView(
                                        instructions: instructions, firstSteps: firstSteps, wordSetWords: wordSetWords,
                                        headers: headers, requirements: requirements, anchorStarts: anchorStarts,
                                        anchorPatterns: anchorPatterns))
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
