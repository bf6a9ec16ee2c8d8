/// The part of an utterance worth matching, after the lead-in and sign-off
/// ("hey Jiri, can you ... please") are trimmed and, when the user named an app
/// at the start or end ("... in Nagz", "Nagz, ..."), with that name taken off.
struct UtteranceSpan {
    var start: Int
    var end: Int
    /// The app named at an edge and taken off, or -1.
    var app: Int8

    /// Prepositions that attach an app's name: "in Nagz", "with CodingBridge".
    static let appPrepositions: BuiltinWordSet = [
        BuiltinWord.in.id, BuiltinWord.on.id, BuiltinWord.with.id, BuiltinWord.using.id, BuiltinWord.via.id,
        BuiltinWord.from.id, BuiltinWord.to.id, BuiltinWord.for.id, BuiltinWord.through.id,
    ]
    /// Words a request goes on with after the app it names: "in nags for Marcus", "in nags this week".
    private static let afterInnerApp: BuiltinWordSet = [
        BuiltinWord.for.id, BuiltinWord.to.id, BuiltinWord.about.id, BuiltinWord.this.id, BuiltinWord.today.id,
        BuiltinWord.tonight.id, BuiltinWord.tomorrow.id,
    ]
    /// Verbs that address an app: "ask Nagz ...", "tell Oppi to ...", "can MoodBoard ...",
    /// "open MoodBoard and ...".
    static let addressVerbs: BuiltinWordSet = [
        BuiltinWord.ask.id, BuiltinWord.tell.id, BuiltinWord.use.id, BuiltinWord.open.id,
        BuiltinWord.can.id, BuiltinWord.could.id, BuiltinWord.would.id, BuiltinWord.will.id,
    ]
    private static let addressLinks: BuiltinWordSet = [
        BuiltinWord.to.id, BuiltinWord.if.id, BuiltinWord.whether.id, BuiltinWord.and.id,
    ]

    /// Replaces multi-word app names by one app token each, in place; the word "app" after
    /// a name is part of it ("in the Nags app": a weak alias so named is the app too), unless
    /// punctuation parts them ("for CodingBridge: my app should …").
    static func joinAppPhrases(_ tokens: inout [Token], program: MatcherProgram) {
        var write = 0
        var read = 0
        let count = tokens.count
        tokens.withUnsafeMutableBufferPointer { buffer in
            let view = UnsafeBufferPointer(buffer)
            while read < count {
                var length = 1
                var token = buffer[read]
                if let (phraseLength, app) = program.appPhrases.match(view, at: read, limit: count) {
                    length = phraseLength
                    token = Token(
                        id: program.vocabulary.appIDs[Int(app)], start: token.start,
                        end: buffer[read + length - 1].end, flags: token.flags.intersection(.breaks).union(.app),
                        app: Int8(app))
                }
                if token.app >= 0, read + length < count, view[read + length].id == BuiltinWord.app.id,
                   view[read + length].flags.isDisjoint(with: .breaks) {
                    token = Token(
                        id: program.vocabulary.appIDs[Int(token.app)], start: token.start,
                        end: buffer[read + length].end, flags: token.flags.intersection(.breaks).union(.app),
                        app: token.app)
                    length += 1
                }
                buffer[write] = token
                read += length
                write += 1
            }
        }
        tokens.removeLast(count - write)
    }

    /// The one app name inside the utterance, away from its edges, as in "snooze
    /// that Nagz reminder": the name qualifies a word of the request. A name that is also a
    /// word ("nags") counts after a preposition and before a pause or what a request goes on
    /// with: "mark it done in nags, …", "a new nag in nags for Marcus", "in nags this week".
    /// Nil when there is none, or more than one.
    static func innerAppIndex(_ tokens: [Token]) -> Int? {
        guard tokens.count > 2 else { return nil }
        var found: Int?
        for index in 1..<(tokens.count - 1) where tokens[index].flags.contains(.app)
            || (tokens[index].app >= 0 && appPrepositions.contains(tokens[index - 1].id)
                && (tokens[index + 1].flags.contains(.clauseStart) || afterInnerApp.contains(tokens[index + 1].id))) {
            guard found == nil else { return nil }
            found = index
        }
        return found
    }

    /// The span without the fillers at either edge.
    static func trimmed(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) -> UtteranceSpan {
        var span = UtteranceSpan(start: 0, end: tokens.count, app: -1)
        span.trimFillers(tokens, program: program)
        return span
    }

    /// The span with an app named at its start or end taken off, or nil when no
    /// app is named there (or two different ones are).
    func detachingApp(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) -> UtteranceSpan? {
        var span = self
        var leading: Int8 = -1
        var trailing: Int8 = -1
        // Start: "Nagz, ...", "in Nagz ...", "ask Nagz (to) ...", "can MoodBoard ...", and after a
        // verb that addresses it, a name that is also a word: "open nags and ...".
        if span.end - span.start > 1 {
            let first = tokens[span.start]
            if first.flags.contains(.app)
                || (first.app >= 0 && span.end - span.start > 2 && program.requestStarters.contains(tokens[span.start + 1].id)) {
                // A name that is also a word, before a word requests begin with: "nags remind Ava …".
                leading = first.app
                span.start += 1
            } else if span.end - span.start > 2, tokens[span.start + 1].app >= 0,
                      (tokens[span.start + 1].flags.contains(.app) && Self.appPrepositions.contains(first.id))
                        || Self.addressVerbs.contains(first.id) {
                leading = tokens[span.start + 1].app
                span.start += 2
                if Self.addressVerbs.contains(first.id), span.start < span.end,
                   Self.addressLinks.contains(tokens[span.start].id) {
                    span.start += 1
                }
            } else if span.end - span.start > 3, program.causativeVerbs.contains(first.id), tokens[span.start + 1].flags.contains(.app),
                      tokens[span.start + 2].id == BuiltinWord.to.id || program.requestStarters.contains(tokens[span.start + 2].id) {
                // "get Nagz to remind Oliver …", "have Nagz remind him …": the app made to do the request.
                leading = tokens[span.start + 1].app
                span.start += tokens[span.start + 2].id == BuiltinWord.to.id ? 3 : 2
            }
        }
        // End: "... in Nagz", "... in nags", "... according to MoodBoard", "..., Nagz".
        if span.end - span.start > 1 {
            let last = tokens[span.end - 1]
            if last.app >= 0, span.end - span.start > 2, Self.appPrepositions.contains(tokens[span.end - 2].id) {
                trailing = last.app
                span.end -= 2
                if span.end - span.start > 1, tokens[span.end].id == BuiltinWord.to.id,
                   tokens[span.end - 1].id == BuiltinWord.according.id {
                    span.end -= 1
                }
            } else if last.flags.contains(.app) {
                trailing = last.app
                span.end -= 1
            }
        }
        guard leading >= 0 || trailing >= 0 else { return nil }
        if leading >= 0, trailing >= 0, leading != trailing { return nil }
        span.app = max(leading, trailing)
        span.trimFillers(tokens, program: program)
        return span.start < span.end ? span : nil
    }

    /// Where the words after the fillers the tokens open with begin ("ngl CodingBridge is …").
    static func startAfterLeadingFillers(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) -> Int {
        var span = UtteranceSpan(start: 0, end: tokens.count, app: -1)
        span.trimLeadingFillers(tokens, program: program)
        return span.start
    }

    /// Whether the tokens are, after their fillers, only a lead-in said before a pause ("uh, where
    /// was I"): what `trimLeadingFillers` takes off when more follows.
    static func isOnlyLeadInBeforePause(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) -> Bool {
        let start = startAfterLeadingFillers(tokens, program: program)
        guard start < tokens.count, let (length, _) = program.leadingBeforePause.match(tokens, at: start, limit: tokens.count) else { return false }
        return start + length == tokens.count
    }

    private mutating func trimLeadingFillers(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) {
        while start < end {
            if let (length, _) = program.leadingFillers.match(tokens, at: start, limit: end) {
                start += length
            } else if let (length, _) = program.leadingBeforePause.match(tokens, at: start, limit: end), start + length < end,
                      tokens[start + length].flags.contains(.clauseStart) {
                start += length
            } else {
                break
            }
        }
    }

    private mutating func trimFillers(_ tokens: UnsafeBufferPointer<Token>, program: MatcherProgram) {
        trimLeadingFillers(tokens, program: program)
        while start < end {
            if let (length, _) = program.trailingFillers.match(tokens, endingAt: end, start: start),
               !Self.isObjectOfPreposition(tokens, from: end - length, start: start) {
                end -= length
            } else if end - start > 1, let (length, _) = program.vocatives.match(tokens, endingAt: end, start: start),
                      tokens[end - length].flags.contains(.clauseStart) {
                end -= length
            } else {
                break
            }
        }
        if end - start > 3, Self.isQuestionTag(tokens[end - 2], tokens[end - 1]) { end -= 2 }
    }

    /// A question tag after a pause: "you couldn't open jiri-ios, could you?", "I'm not behind
    /// on anything, am I?".
    private static func isQuestionTag(_ verb: Token, _ subject: Token) -> Bool {
        verb.flags.contains(.clauseStart) && tagVerbs.contains(verb.id) && tagSubjects.contains(subject.id)
    }

    private static let tagVerbs: BuiltinWordSet = [
        BuiltinWord.can.id, BuiltinWord.could.id, BuiltinWord.would.id, BuiltinWord.will.id, BuiltinWord.is.id,
        BuiltinWord.are.id, BuiltinWord.do.id, BuiltinWord.am.id,
    ]
    private static let tagSubjects: BuiltinWordSet = [
        BuiltinWord.you.id, BuiltinWord.i.id, BuiltinWord.we.id, BuiltinWord.it.id, BuiltinWord.they.id,
    ]

    private static let startsOwnPhrase: BuiltinWordSet = [BuiltinWord.at.id, BuiltinWord.according.id]

    /// Sign-off words that still read as time after a preposition ("for now").
    private static let temporalFillers: BuiltinWordSet = [BuiltinWord.now.id, BuiltinWord.right.id, BuiltinWord.again.id]

    /// A sign-off right after a preposition is that preposition's object, not a
    /// sign-off: "git status for Jiri", "thanks to me". Only "now" and "again"
    /// keep reading as time ("snooze it for now"), and a sign-off with a preposition of its
    /// own is no object ("what nags have I got on at the minute").
    private static func isObjectOfPreposition(_ tokens: UnsafeBufferPointer<Token>, from index: Int, start: Int) -> Bool {
        guard index > start, !temporalFillers.contains(tokens[index].id), !startsOwnPhrase.contains(tokens[index].id) else { return false }
        let previous = tokens[index - 1].id
        return appPrepositions.contains(previous) || previous == BuiltinWord.about.id || previous == BuiltinWord.of.id
    }
}
