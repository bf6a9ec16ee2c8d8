/// What dictated free text keeps of the words the tokenizer drops.
enum DictatedText {
    /// Free text of this many words or more is a sentence the user dictated ("the pharmacy
    /// was closed so I'll go tomorrow", "my tests fail on the CI runner"), whose first
    /// determiner is part of it; a shorter one names something ("the redis lease discussion",
    /// "a widget for the lock screen"), and its determiner is dropped as the tokenizer drops it.
    static let sentenceLength = 5

    /// The determiners the tokenizer drops everywhere, as written.
    private static let droppedDeterminers: [[UInt8]] = ["the", "a", "an", "my", "our", "your", "some", "any", "all"]
        .map { Array($0.utf8) }

    /// Words the tokenizer drops as scope that free text keeps at any length: "both bins out",
    /// "every window". "all" itself, the canonical spelling, is left out as it always was.
    private static let droppedQuantifiers: [[UInt8]] = BuiltinWord.all.spellings.dropFirst().map { Array($0.utf8) }

    /// Where a dropped determiner starts when only spaces separate it from `offset` and no
    /// token lies between; nil otherwise.
    static func determinerStart(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int, notBefore floor: Int) -> Int? {
        droppedWordStart(in: bytes, before: offset, notBefore: floor, among: droppedDeterminers)
    }

    /// Where a dropped quantifier starts, the same way.
    static func quantifierStart(in bytes: UnsafeBufferPointer<UInt8>, before offset: Int, notBefore floor: Int) -> Int? {
        droppedWordStart(in: bytes, before: offset, notBefore: floor, among: droppedQuantifiers)
    }

    private static func droppedWordStart(
        in bytes: UnsafeBufferPointer<UInt8>, before offset: Int, notBefore floor: Int, among words: [[UInt8]]
    ) -> Int? {
        var end = offset
        while end > floor, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end < offset else { return nil }
        var start = end
        while start > floor, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[start - 1] | 0x20) { start -= 1 }
        guard start == floor || bytes[start - 1] == UInt8(ascii: " ") else { return nil }
        let word = bytes[start..<end]
        let isDropped = words.contains { $0.count == word.count && zip($0, word).allSatisfy { $0 == $1 | 0x20 } }
        return isDropped ? start : nil
    }
}
