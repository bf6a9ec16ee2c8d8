/// Everything the matcher compiled from a catalog: the vocabulary, the pattern
/// steps, and the indexes that pick the few patterns worth trying. Immutable
/// and shared by every copy of an `IntentMatcher`.
final class MatcherProgram: Sendable {
    let vocabulary: Vocabulary
    let instructions: [Instruction]
    let wordSets: [[TokenID]]
    let patterns: [CompiledPattern]
    /// Patterns by anchor word: `anchorPatterns[anchorStarts[id]..<anchorStarts[id + 1]]`.
    let anchorStarts: [Int32]
    let anchorPatterns: [Int32]
    /// Multi-word app names, each replaced by the app's token.
    let appPhrases: PhraseTable
    let leadingFillers: PhraseTable
    let trailingFillers: PhraseTable
    /// Spoken forms of each enum, by `SlotBinding.Kind.enumeration` index.
    let enumForms: [[EnumForm]]
    /// `enumForms` index by `app.EnumName`.
    let enumIndex: [String: Int]
    /// Patterns that were left out because nothing in them is required, so they
    /// would match anything.
    let skippedPatterns: [String]

    struct EnumForm: Sendable {
        var value: String
        var tokens: [TokenID]
    }

    init(
        vocabulary: Vocabulary, instructions: [Instruction], wordSets: [[TokenID]], patterns: [CompiledPattern],
        anchorStarts: [Int32], anchorPatterns: [Int32], appPhrases: PhraseTable, leadingFillers: PhraseTable,
        trailingFillers: PhraseTable, enumForms: [[EnumForm]], enumIndex: [String: Int],
        skippedPatterns: [String]
    ) {
        self.vocabulary = vocabulary
        self.instructions = instructions
        self.wordSets = wordSets
        self.patterns = patterns
        self.anchorStarts = anchorStarts
        self.anchorPatterns = anchorPatterns
        self.appPhrases = appPhrases
        self.leadingFillers = leadingFillers
        self.trailingFillers = trailingFillers
        self.enumForms = enumForms
        self.enumIndex = enumIndex
        self.skippedPatterns = skippedPatterns
    }
}
