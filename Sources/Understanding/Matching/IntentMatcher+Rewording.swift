/// Requests said in another order or with more than their patterns hold, put back in the
/// shape the patterns read: a period said after the request left out, a question word said
/// in place put first, an amount said first put after the request.
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
        var namesTime = false
        while start > 2 {
            let token = tokens[start - 1]
            let isTime = !token.flags.isDisjoint(with: [.temporal, .unit]) || token.id == .clock || token.id == .ordinal
            guard isTime || token.id == .number || timeScopeWords.contains(token.id) else { break }
            tellsTime = tellsTime || token.flags.contains(.unit)
            namesTime = namesTime || isTime || token.id == .number
            start -= 1
        }
        guard start < tokens.endIndex, timeScopeOpeners.contains(tokens[start].id) else { return nil }
        // "for 20 minutes", "over the past few days": a length; "till 8", "since Monday", "before
        // Saturday": a point in time after a word that bounds it.
        guard tellsTime || namesTime && boundOpeners.contains(tokens[start].id) else { return nil }
        return start
    }

    private static let boundOpeners: BuiltinWordSet = [
        BuiltinWord.until.id, BuiltinWord.since.id, BuiltinWord.before.id, BuiltinWord.after.id,
    ]

    private static let timeScopeOpeners: BuiltinWordSet = [
        BuiltinWord.for.id, BuiltinWord.from.id, BuiltinWord.until.id, BuiltinWord.by.id, BuiltinWord.since.id,
        BuiltinWord.in.id, BuiltinWord.on.id, BuiltinWord.at.id, BuiltinWord.after.id, BuiltinWord.before.id,
        BuiltinWord.around.id, BuiltinWord.this.id, BuiltinWord.next.id, BuiltinWord.past.id,
    ]
    private static let timeScopeWords: BuiltinWordSet = timeScopeOpeners.union([
        BuiltinWord.more.id, BuiltinWord.than.id, BuiltinWord.ago.id, BuiltinWord.later.id, BuiltinWord.half.id,
        BuiltinWord.quarter.id, BuiltinWord.couple.id, BuiltinWord.few.id, BuiltinWord.of.id, BuiltinWord.and.id,
    ])

    /// An amount said first, on its own before a pause ("half an hour, hold off on the homework
    /// reminder", "twenty minutes, snooze my meds nag"), put after the request, where the patterns
    /// read it; nil unless the utterance opens that way.
    static func amountPutLast(_ tokens: [Token]) -> [Token]? {
        guard tokens.count >= 3, tokens[0].isAmountWord else { return nil }
        var end = 1
        while end < tokens.count, !tokens[end].flags.contains(.clauseStart) {
            guard tokens[end].isAmountWord || tokens[end].id == BuiltinWord.of.id else { return nil }
            end += 1
        }
        guard end < tokens.count - 1 else { return nil }
        var request = Array(tokens[end...])
        request[0].flags.subtract(.breaks)
        var amount = tokens[..<end]
        amount[0].flags.insert(.clauseStart)
        return request + amount
    }


    /// A question asked in place, as many Englishes ask it ("my current mood is what?",
    /// "the git status is how?"), with its question word put first: "what is my current
    /// mood". Only read when it takes no free text, whose words would now be out of order.
    static func questionWordFronted(_ tokens: [Token]) -> [Token]? {
        guard tokens.count >= 3, questionWords.contains(tokens[tokens.count - 1].id),
              linkingVerbs.contains(tokens[tokens.count - 2].id) else { return nil }
        return [tokens[tokens.count - 1], tokens[tokens.count - 2]] + tokens[..<(tokens.count - 2)]
    }

    private static let questionWords: BuiltinWordSet = [
        BuiltinWord.what.id, BuiltinWord.which.id, BuiltinWord.how.id, BuiltinWord.when.id, BuiltinWord.who.id,
    ]
    private static let linkingVerbs: BuiltinWordSet = [BuiltinWord.is.id, BuiltinWord.are.id, BuiltinWord.was.id]
}
