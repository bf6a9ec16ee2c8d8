/// A set of built-in words, one bit per id. The matcher asks such sets about every token
/// on every reading it tries, and a look-up in a `Set` hashes the id first (about a hundred
/// instructions); here it is a shift and a mask.
struct BuiltinWordSet: ExpressibleByArrayLiteral, Sendable {
    /// Built-in words' ids are below this (`BuiltinWord.firstCatalogID`); tested.
    static let capacity: TokenID = 256

    private var bits = SIMD4<UInt64>(repeating: 0)

    init(arrayLiteral ids: TokenID...) {
        for id in ids { insert(id) }
    }

    mutating func insert(_ id: TokenID) {
        precondition(id < Self.capacity, "not a built-in word: \(id)")
        bits[Int(id >> 6)] |= 1 << UInt64(id & 63)
    }

    /// False for every catalog word.
    func contains(_ id: TokenID) -> Bool {
        id < Self.capacity && bits[Int(id >> 6)] & (1 << UInt64(id & 63)) != 0
    }

    func union(_ other: BuiltinWordSet) -> BuiltinWordSet {
        var union = self
        union.bits |= other.bits
        return union
    }
}
