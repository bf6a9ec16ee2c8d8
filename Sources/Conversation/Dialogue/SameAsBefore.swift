import Catalog
import Understanding

/// A value said to be the one the last request had: "now tell Oppi to fix the login test, same
/// workspace", "same category as before" (to "What kind of nag is it?"), "in the same workspace
/// as last time". Said at the end of what the user says; the words before it, if any, are the
/// request.
struct SameAsBefore {
    /// What was said before the reference, without the pause or preposition that led to it.
    var request: String
    /// The word after "same" ("workspace", "category"), nil for "same as before" alone.
    var noun: Substring?

    private static let leads: Set<Substring> = ["in", "on", "for", "with", "use", "using", "at", "to", "and", "the", "keep"]
    private static let since: [[Substring]] = [
        ["as", "before"], ["as", "last", "time"], ["as", "earlier"], ["as", "the", "last", "one"], ["as", "last"],
        ["as", "that", "one"], ["as", "that"], ["again"],
    ]
    /// Nouns that stand for whatever was asked: "the same one".
    private static let anyParameter: Set<Substring> = ["one", "thing"]

    static func read(_ text: String) -> SameAsBefore? {
        guard mentionsSame(text.utf8) else { return nil }
        let written = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" })
        let folded = written.map(UtteranceWords.folded)
        guard let same = folded.lastIndex(of: "same") else { return nil }
        var tail = folded[(same + 1)...]
        var noun: Substring?
        if let word = tail.first, !since.contains(where: { $0.first == word }) {
            noun = word
            tail.removeFirst()
        }
        guard tail.isEmpty || since.contains(where: { tail.elementsEqual($0) }) else { return nil }
        var start = same
        while start > 0, leads.contains(folded[start - 1]) || folded[start - 1].isEmpty { start -= 1 }
        let request = written[..<start].joined(separator: " ")
        return SameAsBefore(request: request, noun: noun.flatMap { anyParameter.contains($0) ? nil : $0 })
    }

    /// Most utterances say no "same": a scan of the bytes spares them the word folding.
    private static func mentionsSame(_ bytes: String.UTF8View) -> Bool {
        let word = Array("same".utf8)
        var matched = 0
        for byte in bytes {
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
            matched = lower == word[matched] ? matched + 1 : (lower == word[0] ? 1 : 0)
            if matched == word.count { return true }
        }
        return false
    }

    /// Whether the noun names `parameter`: its name or title ("workspace", "category"), or
    /// "person" for someone to pick. Without a noun any parameter is meant.
    func names(_ parameter: ParameterDefinition) -> Bool {
        guard let noun else { return true }
        if noun == parameter.name.lowercased() { return true }
        if let title = parameter.title?.lowercased(), title.spaceSeparated.last == noun { return true }
        if case .entity = parameter.type { return ["person", "kid", "child", "recipient", "name"].contains(noun) }
        return false
    }

    /// `slots` with the values of the last request's parameters the reference names, or nil when
    /// it names none the last request had.
    func carried(from last: PendingIntent, into slots: [String: SlotValue], of intent: IntentDefinition) -> [String: SlotValue]? {
        var slots = slots
        var carried = false
        for parameter in intent.parameters where names(parameter) {
            guard let value = last.slots[parameter.name] else { continue }
            slots[parameter.name] = value
            carried = true
        }
        return carried ? slots : nil
    }
}
