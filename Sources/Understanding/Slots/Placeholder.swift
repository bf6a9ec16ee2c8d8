/// Words that stand in for a value the user has not said yet: "remind someone", "ask Oppi
/// something", "I need Oppi to do something for me", "run something in CodingBridge". A slot
/// holding only these is left empty, so Jiri asks for the value instead of using "something".
enum Placeholder {
    static func isPlaceholder(_ words: [Substring]) -> Bool {
        var words = words[...]
        if words.count > 2, words.suffix(2).first == "for", let last = words.last, last == "me" || last == "us" {
            words = words.dropLast(2)
        }
        while words.count > 1, let last = words.last, trailing.contains(last) { words = words.dropLast() }
        if words.count == 2, let first = words.first, leadingVerbs.contains(first) { words = words.dropFirst() }
        return words.count == 1 && standIns.contains(words[words.startIndex])
    }

    private static let standIns: Set<Substring> = [
        "something", "anything", "stuff", "thing", "someone", "somebody", "anyone", "anybody", "one",
    ]
    /// "do something", "say something": the verb asks for nothing more than the stand-in does.
    private static let leadingVerbs: Set<Substring> = ["do", "say", "run", "ask", "tell", "check", "try"]
    /// "something else", "something quick".
    private static let trailing: Set<Substring> = ["else", "quick", "quickly", "now", "please"]
}
