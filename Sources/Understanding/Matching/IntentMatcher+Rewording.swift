/// Requests said in another order or with more than their patterns hold, put back in the
/// shape the patterns read: a period said after the request left out, a question word said
/// in place put first, a pronoun in place of a name.
extension IntentMatcher {
    /// The request without a period said after it ("list my appointments nags for this week", "how
    /// many nags are overdue by more than a day", "what's the family completion rate this week in
    /// Nagz"), for when no pattern has room for it; nil when none ends the request. A point in
    /// time is kept: it says when something is due ("homework nag for tonight"), or is an idiom
    /// ("I'm done for today").
    static func withoutTrailingTimeScope(_ tokens: [Token]) -> [Token]? {
        var end = tokens.count
        if end > 3, tokens[end - 1].app >= 0, UtteranceSpan.appPrepositions.contains(tokens[end - 2].id) { end -= 2 }
        guard let start = trailingTimeScope(tokens[..<end]) else { return nil }
        return Array(tokens[..<start] + tokens[end...])
    }

    private static func trailingTimeScope(_ tokens: ArraySlice<Token>) -> Int? {
        guard let last = tokens.last, last.id == .number || !last.flags.isDisjoint(with: [.temporal, .unit]) else { return nil }
        var start = tokens.endIndex
        var tellsTime = false
        while start > 2 {
            let token = tokens[start - 1]
            let isTime = !token.flags.isDisjoint(with: [.temporal, .unit]) || token.id == .clock || token.id == .ordinal
            guard isTime || token.id == .number || timeScopeWords.contains(token.id) else { break }
            tellsTime = tellsTime || token.flags.contains(.unit)
            start -= 1
        }
        guard tellsTime, start < tokens.endIndex, timeScopeOpeners.contains(tokens[start].id) else { return nil }
        return start
    }

    private static let timeScopeOpeners: Set<TokenID> = [
        BuiltinWord.for.id, BuiltinWord.from.id, BuiltinWord.until.id, BuiltinWord.by.id, BuiltinWord.since.id,
        BuiltinWord.in.id, BuiltinWord.on.id, BuiltinWord.at.id, BuiltinWord.after.id, BuiltinWord.before.id,
        BuiltinWord.around.id, BuiltinWord.this.id, BuiltinWord.next.id, BuiltinWord.past.id,
    ]
    private static let timeScopeWords: Set<TokenID> = timeScopeOpeners.union([
        BuiltinWord.more.id, BuiltinWord.than.id, BuiltinWord.ago.id, BuiltinWord.later.id, BuiltinWord.half.id,
        BuiltinWord.quarter.id, BuiltinWord.couple.id, BuiltinWord.few.id, BuiltinWord.of.id, BuiltinWord.and.id,
    ])

    /// A question asked in place, as many Englishes ask it ("my current mood is what?",
    /// "the git status is how?"), with its question word put first: "what is my current
    /// mood". Only read when it takes no free text, whose words would now be out of order.
    static func questionWordFronted(_ tokens: [Token]) -> [Token]? {
        guard tokens.count >= 3, questionWords.contains(tokens[tokens.count - 1].id),
              linkingVerbs.contains(tokens[tokens.count - 2].id) else { return nil }
        return [tokens[tokens.count - 1], tokens[tokens.count - 2]] + tokens[..<(tokens.count - 2)]
    }

    private static let questionWords: Set<TokenID> = [
        BuiltinWord.what.id, BuiltinWord.which.id, BuiltinWord.how.id, BuiltinWord.when.id, BuiltinWord.who.id,
    ]
    private static let linkingVerbs: Set<TokenID> = [BuiltinWord.is.id, BuiltinWord.are.id, BuiltinWord.was.id]

    /// Someone named by a pronoun ("set a homework nag for him", "remind her about the
    /// dentist") in the place of a name, as a word a name slot can hold: it stands in for a
    /// value (`Placeholder`), so the request is read and Jiri asks who. "her" before a word
    /// it may own ("her homework") stays; nil when no pronoun stands for someone.
    static func withPronounsAsStandIns(_ tokens: [Token]) -> [Token]? {
        var reworded = tokens
        var changed = false
        for index in tokens.indices where objectPronouns.contains(tokens[index].id) {
            if tokens[index].id == BuiltinWord.her.id, index + 1 < tokens.count, !endsNounPhrase(tokens[index + 1]) { continue }
            // As plainly someone as a name written with its capital ("remind him" as "remind Leo").
            reworded[index] = Token(id: .unknown, start: tokens[index].start, end: tokens[index].end, flags: .writtenAsName)
            changed = true
        }
        return changed ? reworded : nil
    }

    /// A match whose person was said only as a pronoun ("remind her to tidy it") takes the one
    /// person named before it ("Ava's room is a mess, remind her to tidy it"); without one, the
    /// match says that a pronoun stands for someone (a model that sees the conversation may know).
    static func resolvingPronoun(in match: IntentMatch, tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        guard let person = match.intent.parameters.first(where: { parameter in
                  guard case .entity(let type) = parameter.type, isPerson(type) else { return false }
                  return parameter.required && match.slots[parameter.name] == nil
              }),
              withPronounsAsStandIns(tokens) != nil else { return match }
        var match = match
        if let name = antecedent(in: tokens, bytes: bytes) {
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

    /// The one person named before a pronoun that stands for someone ("Lucas hasn't started,
    /// so set a homework nag for him"): a word the vocabulary does not know, written with a
    /// capital, before the first pronoun; nil when there is none or more than one.
    static func antecedent(in tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let pronoun = tokens.firstIndex(where: { objectPronouns.contains($0.id) }) else { return nil }
        var names: Set<String> = []
        for (index, token) in tokens[..<pronoun].enumerated() where token.id == .unknown && !token.flags.contains(.app) {
            let capitalised = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[Int(token.start)])
            guard token.flags.contains(.writtenAsName) || index == 0 && capitalised else { continue }
            let end = Int(token.end) - (token.flags.contains(.possessive) ? 2 : 0)
            names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<end]), as: UTF8.self))
        }
        return names.count == 1 ? names.first : nil
    }

    private static let objectPronouns: Set<TokenID> = [BuiltinWord.him.id, BuiltinWord.her.id, BuiltinWord.them.id]

    private static func endsNounPhrase(_ next: Token) -> Bool {
        !next.flags.isDisjoint(with: [.stop, .temporal, .clauseStart, .app]) || next.id == .number || next.id == .clock
    }
}
