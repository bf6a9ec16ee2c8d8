/// Words that stand in for a value the user has not said yet: "remind someone", "ask Oppi
/// something", "I need Oppi to do something for me", "run something in CodingBridge". A slot
/// holding only these is left empty, so Jiri asks for the value instead of using "something".
enum Placeholder {
    /// The most words a stand-in takes: "do something else for me".
    static let longest = 5

    /// Whether the words (lower-cased, as `Token.word(in:)` gives them) only stand in for a value.
    static func isPlaceholder(_ words: [[UInt8]]) -> Bool {
        var words = words[...]
        if words.count > 2, words.suffix(2).first == forWord, let last = words.last, objects.contains(last) {
            words = words.dropLast(2)
        }
        while words.count > 1, let last = words.last, trailing.contains(last) { words = words.dropLast() }
        if words.count == 2, let first = words.first, leadingVerbs.contains(first) { words = words.dropFirst() }
        return words.count == 1 && standIns.contains(words[words.startIndex])
    }

    private static let standIns = bytes([
        "something", "anything", "stuff", "thing", "someone", "somebody", "anyone", "anybody", "one",
        // Read in a name's place only when nothing matched with them as pronouns.
        "him", "her", "them",
        // What was just said, when nothing was: "log that again" as the first request.
        "that", "this", "it", "again",
    ])
    /// "do something", "say something": the verb asks for nothing more than the stand-in does.
    private static let leadingVerbs = bytes(["do", "say", "run", "ask", "tell", "check", "try"])
    /// "something else", "something quick".
    private static let trailing = bytes(["else", "quick", "quickly", "now", "please", "again"])
    /// "something for me", "something for us".
    private static let forWord = Array("for".utf8)
    private static let objects = bytes(["me", "us"])

    private static func bytes(_ words: [String]) -> Set<[UInt8]> {
        Set(words.map { Array($0.utf8) })
    }
}
