import Catalog
import Foundation

/// Values said apart from their requests (``ValueSaidApart``), put where the request needs them.
extension IntentMatcher {
    /// The request read with a value said before it in the place of the word pointing back to it
    /// (the same request as the words as said make, unless they made one of free text), or a
    /// value said first with its label ("the billing-gateway workspace — get Oppi to …") as
    /// the parameter the label names, when that hears more values than the words as said.
    func matchWithValueSaidApart(
        _ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext, over plain: IntentMatch?
    ) -> IntentMatch? {
        // Read first from a later sentence that opens with a name written as code, the name nearest
        // the word pointing back ("Eish, the new fares start Monday. rank-queue, CodingBridge, open
        // it for me"); then from the start; then after a lead-up, from the app addressed ("Chinedu
        // wan see the new prices so, CodingBridge, fabric-stock, open am for me"). Each reading is
        // made only when the ones before it found nothing, and no list of starts is built per turn.
        func reading(from start: Int) -> IntentMatch? {
            readingWithValueSaidApart(start == 0 ? tokens : Array(tokens[start...]), bytes: bytes, context: context, over: plain)
        }
        for from in tokens.indices.dropFirst().reversed()
        where tokens[from].id == .unknown && tokens[from].opensSentence(in: bytes) && tokens[from].isWrittenWithHyphen(in: bytes) {
            if let found = reading(from: from) { return found }
        }
        if let found = reading(from: 0) { return found }
        for from in tokens.indices.dropFirst() where tokens[from].flags.contains(.app) && tokens[from].flags.contains(.clauseStart) {
            if let found = reading(from: from) { return found }
        }
        guard let plain, let (label, value, said) = ValueSaidApart.labelledFirst(tokens, bytes: bytes) else { return nil }
        // After the app addressed, the words as said read the labelled value into the request's
        // free text ("Oppi, billing-core workspace, add …"): the request is read again without it.
        var base = plain
        if said.lowerBound > 0 {
            guard let request = firstMatch(Array(tokens[..<said.lowerBound] + tokens[said.upperBound...]), bytes: bytes, context: context),
                  request.intent.id == plain.intent.id else { return nil }
            base = request
        }
        let filled = filling(base, labelled: label, with: tokens[value], bytes: bytes)
        return filled.slots.count > base.slots.count ? filled : nil
    }

    /// The first reading of `tokens` with the value said first in a pointing word's place that
    /// makes a request. The value fills in what was asked; it changes the request only where the
    /// words as said were read as free text, which may have held the pointing word. A request of
    /// no free text is more than an app's catch-all chat ("CodingBridge, rink-signup, check the git
    /// status on it" is no chat of those words).
    private func readingWithValueSaidApart(
        _ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext, over plain: IntentMatch?
    ) -> IntentMatch? {
        for reading in ValueSaidApart.readings(tokens, bytes: bytes) {
            guard let found = firstMatch(reading, bytes: bytes, context: context),
                  found.slots.count > plain?.slots.count ?? -1 || plain?.isCatchAll == true && !found.tookFreeText else { continue }
            if let plain, !plain.tookFreeText, found.intent.id != plain.intent.id { continue }
            return found
        }
        return nil
    }

    /// The match with the value said after its request ("…, it's called tide-charts") as the
    /// value of the one entity parameter left unsaid that the label names (its name or its type's:
    /// "the project is …"; any, after "it's called").
    func withValueLabelled(_ found: IntentMatch, after clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        guard clause.count >= 2, let (label, value) = ValueSaidApart.labelled(clause, bytes: bytes) else { return found }
        return filling(found, labelled: label, with: clause[value], bytes: bytes)
    }

    /// The match with a value said with its label inside the request's free text ("… the
    /// particle system in the boss-arena workspace, the frame rate tanks …") as the parameter
    /// the label names, the request read again without it. Read without it, the words may make
    /// a request of their own, with no free text: that request is the one meant ("Oppi, in the
    /// bulb-stock workspace I would like a fresh session" is no question to put to Oppi).
    func withValueLabelledInside(_ found: IntentMatch, tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext) -> IntentMatch {
        guard found.tookFreeText else { return found }
        for (label, value, span) in ValueSaidApart.labelledInside(tokens, bytes: bytes) {
            guard let request = firstMatch(Array(tokens[..<span.lowerBound] + tokens[span.upperBound...]), bytes: bytes, context: context)
            else { continue }
            if request.intent.id != found.intent.id, !request.tookFreeText {
                return filling(request, labelled: label, with: tokens[value], bytes: bytes)
            }
            guard request.intent.id == found.intent.id,
                  filling(found, labelled: label, with: tokens[value], bytes: bytes).slots.count > found.slots.count else { continue }
            var filled = filling(request, labelled: label, with: tokens[value], bytes: bytes)
            guard filled.slots.count > request.slots.count else { continue }
            // The free text runs over the words left out (its bytes are the utterance's, first
            // word to last): they are cut from it.
            let said = " " + String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(tokens[span.lowerBound].start)..<Int(tokens[span.upperBound - 1].end)]), as: UTF8.self)
            for (name, slot) in filled.slots {
                if case .text(let text) = slot, text.contains(said) {
                    filled.slots[name] = .text(text.replacingOccurrences(of: said, with: ""))
                }
            }
            return filled
        }
        return found
    }

    /// The values said with their labels ("in the lecture-notes project") for `intent`, which was
    /// heard by its gist rather than by a phrasing: the parameters the labels name.
    public func labelledValues(in text: String, for intent: IntentDefinition) -> [String: SlotValue] {
        var text = text
        return text.withUTF8 { bytes in
            var tokens: [Token] = []
            tokenizer.tokenize(bytes, into: &tokens)
            let found = withValuesLabelledAnywhere(IntentMatch(intent: intent, confidence: 0, slots: [:]), tokens: tokens, bytes: bytes)
            // "CodingBridge, crew-schedule get changes not committed?": a name written as code,
            // said first, is what the request is about.
            guard let name = ValueSaidApart.hyphenatedNameFirst(tokens, bytes: bytes) else { return found.slots }
            return filling(found, labelled: nil, with: tokens[name], bytes: bytes).slots
        }
    }

    /// The match with the values said with their labels anywhere in the utterance ("check the git
    /// status, whatever that may be, on the family-tree project") as the parameters left unsaid
    /// that the labels name.
    func withValuesLabelledAnywhere(_ found: IntentMatch, tokens: [Token], bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        // Every value below fills only an entity parameter left unsaid: most turns have none,
        // and skip the scans.
        guard found.intent.parameters.contains(where: { parameter in
            if case .entity = parameter.type { return found.slots[parameter.name] == nil }
            return false
        }) else { return found }
        var found = found
        for (label, value, _) in ValueSaidApart.labelledInside(tokens, bytes: bytes, anywhere: true) {
            found = filling(found, labelled: label, with: tokens[value], bytes: bytes)
        }
        // "Oppi, new session, recall-list.": a name written as code, said last on its own.
        if let name = ValueSaidApart.hyphenatedNameLast(tokens, bytes: bytes) {
            found = filling(found, labelled: nil, with: tokens[name], bytes: bytes)
        }
        // "… it is all in rosewater-labels. CodingBridge, open that project for me.": the one
        // name written as code, said before the request pointed back to it.
        if let name = ValueSaidApart.onlyHyphenatedName(tokens, bytes: bytes) {
            found = filling(found, labelled: nil, with: tokens[name], bytes: bytes)
        }
        return found
    }

    /// The match with `value` as the one entity parameter left unsaid that `label` names (its
    /// name, a word of its type's: "workspace" for ServerWorkspaceEntity, not "work", or one of
    /// the entity's `labels`: "repo"); with no label, the one entity parameter left unsaid.
    private func filling(_ found: IntentMatch, labelled label: [UInt8]?, with value: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        let word = label.map { String(decoding: $0, as: UTF8.self) }
        let unsaid = found.intent.parameters.filter { parameter in
            guard case .entity(let type) = parameter.type, found.slots[parameter.name] == nil else { return false }
            guard let word else { return true }
            return parameter.name.lowercased() == word || Self.words(ofTypeName: type).contains(word)
                || catalog.app(of: found.intent)?.entity(named: type)?.labels.contains(word) == true
        }
        guard unsaid.count == 1, let first = value.first, let last = value.last else { return found }
        var found = found
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(first.start)..<Int(last.end)]), as: UTF8.self)
        found.slots[unsaid[0].name] = .entity(text)
        return found
    }

    /// The words a type's name is made of, lower case: ServerWorkspaceEntity → server, workspace, entity.
    static func words(ofTypeName name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(Character(character.lowercased()))
        }
        return words
    }
}
