/// Someone said as a pronoun ("set a nag for him", "bug her about it"): read in a name's place,
/// and taken to be the one person named before it when there is one.
extension IntentMatcher {
    /// Someone named by a pronoun ("set a homework nag for him", "remind her about the
    /// dentist") in the place of a name, as a word a name slot can hold: it stands in for a
    /// value (`Placeholder`), so the request is read and Jiri asks who. "her" before a word
    /// it may own ("her homework") stays; nil when no pronoun stands for someone.
    static func withPronounsAsStandIns(_ tokens: [Token]) -> [Token]? {
        let pronouns = pronounsStandingForSomeone(in: tokens)
        guard !pronouns.isEmpty else { return nil }
        var reworded = tokens
        for index in pronouns {
            // As plainly someone as a name written with its capital ("remind him" as "remind Leo").
            reworded[index] = Token(id: .unknown, start: tokens[index].start, end: tokens[index].end, flags: .writtenAsName)
        }
        return reworded
    }

    /// Where "him", "her" or "them" stands for someone; "her" before a word it may own ("her
    /// homework") does not.
    private static func pronounsStandingForSomeone(in tokens: [Token]) -> [Int] {
        tokens.indices.filter { index in
            guard objectPronouns.contains(tokens[index].id) else { return false }
            return tokens[index].id != BuiltinWord.her.id || index + 1 == tokens.count || endsNounPhrase(tokens[index + 1])
        }
    }

    /// A match whose person was said only as a pronoun ("remind her to tidy it") takes the one
    /// person named before it ("Ava's room is a mess, remind her to tidy it"); without one, the
    /// match says that a pronoun stands for someone (a model that sees the conversation may know).
    static func resolvingPronoun(in match: IntentMatch, tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        // Every match passes here: the tokens are looked at before the intent's parameters.
        guard let pronoun = pronounsStandingForSomeone(in: tokens).first,
              let person = match.intent.parameters.first(where: { parameter in
                  guard case .entity(let type) = parameter.type, isPerson(type) else { return false }
                  return parameter.required && match.slots[parameter.name] == nil
              }) else { return match }
        var match = match
        if let name = antecedent(before: pronoun, in: tokens, bytes: bytes) {
            match.slots[person.name] = .entity(name)
        } else {
            match.namesSomeoneByPronoun = true
        }
        return match
    }

    /// Whether an app entity is someone a pronoun can stand for, by its type's name
    /// ("FamilyMemberEntity"; not "ServerWorkspaceEntity": "ask Oppi to run the tests for him"
    /// names no workspace).
    static func isPerson(_ entityType: String) -> Bool {
        let name = entityType.lowercased()
        return personTypeWords.contains { name.contains($0) }
    }

    private static let personTypeWords = ["member", "person", "people", "contact", "user", "friend", "recipient", "child", "kid"]

    /// The one person named before the pronoun ("Lucas hasn't started, so set a homework nag for
    /// him"): a word the vocabulary does not know, written with a capital; nil when there is none
    /// or more than one.
    private static func antecedent(before pronoun: Int, in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var names: Set<String> = []
        for (index, token) in tokens[..<pronoun].enumerated() where token.id == .unknown && !token.flags.contains(.app) {
            let capitalised = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[Int(token.start)])
            guard token.flags.contains(.writtenAsName) || index == 0 && capitalised else { continue }
            let end = Int(token.end) - (token.flags.contains(.possessive) ? 2 : 0)
            names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<end]), as: UTF8.self))
        }
        return names.count == 1 ? names.first : nil
    }

    private static let objectPronouns: BuiltinWordSet = [BuiltinWord.him.id, BuiltinWord.her.id, BuiltinWord.them.id]

    private static func endsNounPhrase(_ next: Token) -> Bool {
        !next.flags.isDisjoint(with: [.stop, .temporal, .clauseStart, .app]) || next.id == .number || next.id == .clock
    }
}
