import Testing

@testable import Understanding

/// The executor passes over a branch only when `FirstStep` rules it out, so a wrong summary
/// would lose matches: these hold it to what a run can read first.
@Suite struct FirstStepTests {
    static func tokens(_ ids: [TokenID]) -> [Token] {
        ids.enumerated().map { Token(id: $1, start: Int32($0), end: Int32($0 + 1)) }
    }

    /// (a | b) then the end: 0 `.match`, 1 `a`, 2 `b`, 3 the choice.
    static let choice: [Instruction] = [.match, .word(70, next: 0), .word(71, next: 0), .split(1, 2)]

    @Test func aChoiceIsRuledOutByAWordNeitherBranchBeginsWith() {
        let table = FirstStep.table(Self.choice, wordSetWords: [])
        let tokens = Self.tokens([72])
        tokens.withUnsafeBufferPointer { #expect(table[3].rulesOut($0, at: 0, end: 1)) }
    }

    @Test func aChoiceIsNotRuledOutByAWordOneBranchBeginsWith() {
        let table = FirstStep.table(Self.choice, wordSetWords: [])
        for id: TokenID in [70, 71] {
            let tokens = Self.tokens([id])
            tokens.withUnsafeBufferPointer { #expect(!table[3].rulesOut($0, at: 0, end: 1)) }
        }
    }

    @Test func aChoiceOfWordsIsRuledOutAtTheEndUnlessItMayReadNothing() {
        let optional: [Instruction] = [.match, .word(70, next: 0), .split(1, 0)]
        let table = FirstStep.table(Self.choice, wordSetWords: [])
        let optionalTable = FirstStep.table(optional, wordSetWords: [])
        let tokens = Self.tokens([70])
        tokens.withUnsafeBufferPointer {
            #expect(table[3].rulesOut($0, at: 1, end: 1))
            #expect(!optionalTable[2].rulesOut($0, at: 1, end: 1))
        }
    }

    @Test func freeTextOrAnAppIsNeverRuledOut() {
        let program: [Instruction] = [
            .match, .free(slot: 0, limit: 4, mention: false, person: false, next: 0), .app(next: 0), .split(1, 2), .open(slot: 0, next: 3),
        ]
        let table = FirstStep.table(program, wordSetWords: [])
        let tokens = Self.tokens([99])
        tokens.withUnsafeBufferPointer {
            #expect(!table[4].rulesOut($0, at: 0, end: 1))
            #expect(!table[4].rulesOut($0, at: 1, end: 1))
        }
    }

    @Test func aWordSetSummarisesEveryWordOfTheSet() {
        let program: [Instruction] = [.match, .wordSet(start: 0, count: 3, next: 0), .open(slot: 0, next: 1)]
        let table = FirstStep.table(program, wordSetWords: [5, 200, 4_000])
        for id: TokenID in [5, 200, 4_000] {
            let tokens = Self.tokens([id])
            tokens.withUnsafeBufferPointer { #expect(!table[2].rulesOut($0, at: 0, end: 1)) }
        }
    }

    /// Ids 62 and 63 (mod 64) share their summary bits with 0 and 1, not with the flags.
    @Test func aWordWhoseIdEndsInTheFlagsBitsIsStillOnlyAWord() {
        let program: [Instruction] = [.match, .word(126, next: 0), .word(127, next: 0), .split(1, 2)]
        let table = FirstStep.table(program, wordSetWords: [])
        let tokens = Self.tokens([127, 5])
        tokens.withUnsafeBufferPointer {
            #expect(!table[3].rulesOut($0, at: 0, end: 2))
            #expect(table[3].rulesOut($0, at: 1, end: 2))
            #expect(table[3].rulesOut($0, at: 2, end: 2))
        }
    }

    @Test func aStepNamingALaterOneIsLeftUndecided() {
        let program: [Instruction] = [.match, .split(2, 0), .word(70, next: 0)]
        let table = FirstStep.table(program, wordSetWords: [])
        let tokens = Self.tokens([99])
        tokens.withUnsafeBufferPointer { #expect(!table[1].rulesOut($0, at: 0, end: 1)) }
    }
}
