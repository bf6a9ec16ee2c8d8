import Foundation

/// What a spoken mention ("Emma", "the web workspace") names among the
/// candidates an app's backend listed.
enum MentionResolution<Candidate> {
    case resolved(Candidate)
    /// Several candidates fit equally well: ask the user which.
    case ambiguous([Candidate])
    case notFound

    /// One match resolves, several are ambiguous, none is not found.
    init(_ matches: [Candidate]) {
        switch matches.count {
        case 0: self = .notFound
        case 1: self = .resolved(matches[0])
        default: self = .ambiguous(matches)
        }
    }
}

/// Matches a spoken mention against the names of backend entities, the way a
/// person would: case, accents, punctuation and possessives do not matter; the
/// whole name beats a part of it ("Emma" is Emma Stone when she is the only Emma).
enum MentionResolver {
    static func resolve<Candidate>(_ mention: String, among candidates: [Candidate], names: (Candidate) -> [String]) -> MentionResolution<Candidate> {
        let wanted = words(of: mention)
        guard !wanted.isEmpty else { return .notFound }
        let named = candidates.map { (candidate: $0, names: names($0).map(words(of:))) }

        let exact = named.filter { $0.names.contains(wanted) }
        if !exact.isEmpty { return MentionResolution(exact.map(\.candidate)) }

        let partial = named.filter { entry in entry.names.contains { contains($0, wanted) } }
        return MentionResolution(partial.map(\.candidate))
    }

    /// Lower-cased, accent-free words, without possessive `'s` and without
    /// the articles people put in front of names.
    static func words(of text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var words: [String] = []
        var current = ""
        var characters = folded.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if (character == "'" || character == "\u{2019}"), pending == "s" {
                // "Emma's" → "emma": skip the possessive s.
                pending = characters.next()
                if let next = pending, next.isLetter || next.isNumber {
                    current.append("s")
                }
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        let meaningful = words.filter { !fillers.contains($0) }
        return meaningful.isEmpty ? words : meaningful
    }

    private static let fillers: Set<String> = ["the", "my", "our", "a", "an"]

    /// Whether `needle` occurs in `haystack` as a run of whole words.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        range(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `haystack` as a run of whole words.
    static func range(of needle: [String], in haystack: [String]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        let start = (0...(haystack.count - needle.count)).first { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
        return start.map { $0..<($0 + needle.count) }
    }
}

extension Array where Element == String {
    /// "a", "a or b", "a, b or c": how a question offers choices aloud.
    func spokenChoice(conjunction: String = "or") -> String {
        guard count > 1 else { return first ?? "" }
        return dropLast().joined(separator: ", ") + " \(conjunction) " + last!
    }
}
