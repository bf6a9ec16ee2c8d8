/// Words that stand in for a value the user has not said yet: "remind someone", "ask Oppi
/// something", "I need Oppi to do something for me", "run something in CodingBridge". A slot
/// holding only these is left empty, so Jiri asks for the value instead of using "something".
enum Placeholder {
    /// The most words a stand-in takes: "do something else for me".
    static let longest = 5

    /// Whether the words (as written, read without case) only stand in for a value. Asked of
    /// every text and mention a pattern captures, so the words are the utterance's own bytes
    /// and the lists are compared in place, without a lower-cased copy or a hash of each word.
    static func isPlaceholder(_ words: [UnsafeBufferPointer<UInt8>]) -> Bool {
        var first = 0
        var end = words.count
        if end > 2, said(words[end - 2], is: forWord), said(words[end - 1], in: objects) { end -= 2 }
        while end - first > 1, said(words[end - 1], in: trailing) { end -= 1 }
        if end - first == 2, said(words[first], in: leadingVerbs) || said(words[first], in: demonstratives) { first += 1 }
        // Where what is meant goes, not what it is: "enter it in the log", "jot this in the diary".
        if end - first > 1, said(words[first], in: pointers), said(words[first + 1], in: placings) { return true }
        return end - first == 1 && said(words[first], in: standIns)
    }

    private static func said(_ word: UnsafeBufferPointer<UInt8>, in list: [[UInt8]]) -> Bool {
        list.contains { said(word, is: $0) }
    }

    private static func said(_ word: UnsafeBufferPointer<UInt8>, is spelling: [UInt8]) -> Bool {
        spelling.count == word.count && zip(spelling, word).allSatisfy { $0 == $1 | 0x20 }
    }

    private static let standIns = bytes([
        "something", "anything", "stuff", "thing", "someone", "somebody", "anyone", "anybody", "one",
        // Read in a name's place only when nothing matched with them as pronouns.
        "him", "her", "them",
        // What was just said, when nothing was: "log that again" as the first request.
        "that", "this", "it", "again",
        // Where something said before is: "fresh Oppi chat in there".
        "there",
    ])
    /// "that one", "this one".
    private static let demonstratives = bytes(["that", "this"])
    /// What points at a value said elsewhere: "it", "that", "this".
    private static let pointers = bytes(["it", "that", "this"])
    /// "in the log", "onto my list".
    private static let placings = bytes(["in", "into", "on", "onto"])
    /// "do something", "say something": the verb asks for nothing more than the stand-in does.
    private static let leadingVerbs = bytes(["do", "say", "run", "ask", "tell", "check", "try"])
    /// "something else", "something quick".
    private static let trailing = bytes(["else", "quick", "quickly", "now", "please", "again"])
    /// "something for me", "something for us".
    private static let forWord = Array("for".utf8)
    private static let objects = bytes(["me", "us"])

    private static func bytes(_ words: [String]) -> [[UInt8]] {
        words.map { Array($0.utf8) }
    }
}
