/// How the matcher reads an utterance's tokens, after they were made.
extension IntentMatcher {
    /// The tokens read as a request: a description of the app, a phrase turned down or a
    /// self-correction taken out first; a value said apart put where it belongs; pronouns as
    /// stand-ins; and, when nothing else reads, without an aside between two pauses.
    func read(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch? {
        var tokens = tokens
        if let plainer = AppAside.removed(from: tokens, bytes: bytes) { tokens = plainer }
        if let meant = NegatedAlternative.removed(from: tokens, bytes: bytes) { tokens = meant }
        if let corrected = SelfCorrection.applied(to: tokens, bytes: bytes) {
            if let found = firstMatch(corrected, bytes: bytes, context: context) { return found }
            if let narrower = SelfCorrection.applied(to: tokens, bytes: bytes, narrowly: true), narrower.count > corrected.count,
               let found = firstMatch(narrower, bytes: bytes, context: context) {
                return found
            }
        }
        let plain = firstMatch(tokens, bytes: bytes, context: context)
            ?? pausedBeforeAppAddressed(tokens, bytes: bytes).flatMap { firstMatch($0, bytes: bytes, context: context) }
        if let pointed = matchWithValueSaidApart(tokens, bytes: bytes, context: context, over: plain) { return pointed }
        if let plain {
            // Free text may hold a labelled value of its own; a request without any is told its
            // values wherever they were said.
            let filled = plain.tookFreeText
                ? withValueLabelledInside(plain, tokens: tokens, bytes: bytes, context: context)
                : withValuesLabelledAnywhere(plain, tokens: tokens, bytes: bytes)
            return Self.resolvingPronoun(in: filled, tokens: tokens, bytes: bytes)
        }
        if let standIns = Self.withPronounsAsStandIns(tokens), let found = firstMatch(standIns, bytes: bytes, context: context) {
            return Self.resolvingPronoun(in: found, tokens: tokens, bytes: bytes)
        }
        for without in InnerAside.readings(tokens) {
            if let found = firstMatch(without, bytes: bytes, context: context), !found.tookFreeText {
                return withValuesLabelledAnywhere(found, tokens: tokens, bytes: bytes)
            }
        }
        return nil
    }

    /// Whether the utterance opens, after its lead-in, with an app's name after a determiner ("the
    /// CodingBridge release notes").
    func beginsWithAppsThings(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = tokens.withUnsafeBufferPointer { UtteranceSpan.startAfterLeadingFillers($0, program: program) }
        return first < tokens.count && tokens[first].flags.contains(.app) && Self.followsDeterminer(tokens[first], bytes: bytes)
    }

    /// Whether the words after the app addressed first open with a determiner ("CodingBridge, the
    /// chat with Claude about …").
    func namesThingAfterApp(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard tokens.first?.flags.contains(.app) == true, let first = tokens.firstIndex(where: { !$0.flags.contains(.app) }) else { return false }
        return Self.followsDeterminer(tokens[first], bytes: bytes)
    }

    /// Whether the utterance opens with an app's name written with "'s" ("CodingBridge's …").
    static func beginsWithAppsPossessive(_ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = tokens.first, first.flags.contains(.app) else { return false }
        return Tokenizer.endsInPossessive(UnsafeBufferPointer(rebasing: bytes[Int(first.start)..<Int(first.end)]))
    }
}
