import Testing

@testable import Understanding

/// Which words a pattern is tried on: the index must not send every utterance with
/// "I" in it through a pattern that also needs a word of the catalog's own.
@Suite struct PatternAnchorTests {
    private let catalogWord: TokenID = 10_000
    private let otherCatalogWords: [TokenID] = [10_001, 10_002, 10_003]

    @Test func catalogWordsAnchorBeforeAFewerBuiltinOnes() {
        let anchor = PatternCompiler.anchor(among: [[BuiltinWord.i.id], otherCatalogWords])
        #expect(anchor == otherCatalogWords)
    }

    @Test func aSetHoldingABuiltinWordIsAsCommonAsThatWord() {
        let anchor = PatternCompiler.anchor(among: [[BuiltinWord.i.id, catalogWord], otherCatalogWords])
        #expect(anchor == otherCatalogWords)
    }

    @Test func fewestWordsAnchorAmongCatalogSets() {
        let anchor = PatternCompiler.anchor(among: [otherCatalogWords, [catalogWord]])
        #expect(anchor == [catalogWord])
    }

    @Test func builtinWordsAnchorWhenThePatternHasNoOthers() {
        let anchor = PatternCompiler.anchor(among: [[BuiltinWord.what.id, BuiltinWord.how.id], [BuiltinWord.i.id]])
        #expect(anchor == [BuiltinWord.i.id])
    }
}
