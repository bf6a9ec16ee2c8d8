import Testing
@testable import Understanding

@Suite struct BuiltinWordSetTests {
    @Test func everyBuiltinWordFitsTheSet() {
        #expect(BuiltinWord.firstCatalogID <= BuiltinWordSet.capacity)
    }

    @Test func holdsOnlyTheWordsPutInIt() {
        let set: BuiltinWordSet = [BuiltinWord.him.id, BuiltinWord.never.id, BuiltinWord.please.id]
        let held = BuiltinWord.allCases.filter { set.contains($0.id) }
        #expect(held == [.please, .him, .never])
    }

    @Test func holdsNoCatalogWord() {
        let set: BuiltinWordSet = [BuiltinWord.never.id]
        #expect(!set.contains(BuiltinWord.firstCatalogID))
        #expect(!set.contains(BuiltinWord.never.id + 64 * 4))
    }

    @Test func unionHoldsTheWordsOfBoth() {
        let union = ([BuiltinWord.at.id] as BuiltinWordSet).union([BuiltinWord.on.id])
        #expect(union.contains(BuiltinWord.at.id) && union.contains(BuiltinWord.on.id))
        #expect(!union.contains(BuiltinWord.in.id))
    }
}
