/// Values said apart from their requests (``ValueSaidApart``), put where the request needs them.
extension IntentMatcher {
    /// The request read with a value said before it in the place of the word pointing back to it
    /// (the same request as the words as said make, unless they made one of free text), or a
    /// value said first with its label ("the billing-gateway workspace — get Oppi to …") as
    /// the parameter the label names, when that hears more values than the words as said.
    func matchWithValueSaidApart(
        _ tokens: [Token], bytes: UnsafeBufferPointer<UInt8>, context: MatchContext, over plain: IntentMatch?
    ) -> IntentMatch? {
        for reading in ValueSaidApart.readings(tokens, bytes: bytes) {
            // The value fills in what was asked; it changes the request only where the words as
            // said were read as free text, which may have held the pointing word.
            guard let found = firstMatch(reading, bytes: bytes, context: context),
                  found.slots.count > plain?.slots.count ?? -1 else { continue }
            if let plain, !plain.tookFreeText, found.intent.id != plain.intent.id { continue }
            return found
        }
        guard let plain, let (label, value, request) = ValueSaidApart.labelledFirst(tokens, bytes: bytes) else { return nil }
        // After the app addressed, the words as said read the labelled value into the request's
        // free text ("Oppi, billing-core workspace, add …"): the request is read again without it.
        var base = plain
        if value.lowerBound > 0 {
            guard let request = firstMatch(Array(tokens[..<value.lowerBound] + tokens[request...]), bytes: bytes, context: context),
                  request.intent.id == plain.intent.id else { return nil }
            base = request
        }
        let filled = filling(base, labelled: label, with: tokens[value], bytes: bytes)
        return filled.slots.count > base.slots.count ? filled : nil
    }

    /// The match with the value said after its request ("…, it's called tide-charts") as the
    /// value of the one entity parameter left unsaid that the label names (its name or its type's:
    /// "the project is …"; any, after "it's called").
    func withValueLabelled(_ found: IntentMatch, after clause: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        guard clause.count >= 2, let (label, value) = ValueSaidApart.labelled(clause, bytes: bytes) else { return found }
        return filling(found, labelled: label, with: clause[value], bytes: bytes)
    }

    /// The match with `value` as the one entity parameter left unsaid that `label` names (its
    /// name, or its type's: "workspace" for ServerWorkspaceEntity); with no label, the one entity
    /// parameter left unsaid.
    private func filling(_ found: IntentMatch, labelled label: [UInt8]?, with value: ArraySlice<Token>, bytes: UnsafeBufferPointer<UInt8>) -> IntentMatch {
        let word = label.map { String(decoding: $0, as: UTF8.self) }
        let unsaid = found.intent.parameters.filter { parameter in
            guard case .entity(let type) = parameter.type, found.slots[parameter.name] == nil else { return false }
            guard let word else { return true }
            return parameter.name.lowercased() == word || type.lowercased().contains(word)
        }
        guard unsaid.count == 1, let first = value.first, let last = value.last else { return found }
        var found = found
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(first.start)..<Int(last.end)]), as: UTF8.self)
        found.slots[unsaid[0].name] = .entity(text)
        return found
    }
}
