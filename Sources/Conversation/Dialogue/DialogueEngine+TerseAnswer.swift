import Catalog
import Understanding

/// An answer that gives several values without a word between them, the way people answer when
/// they know what comes next: "Sam chores 5pm" to "Who is the nag for?".
extension DialogueEngine {
    /// The slots with the name asked for and the other missing values the answer gives (a time
    /// or length at its end, an enum case among its words), or nil when the answer is not such a
    /// list: no other value in it, or more than a two-word name left once they are taken out.
    func terseValues(
        in answer: String, answering parameter: ParameterDefinition, of intent: IntentDefinition,
        given slots: [String: SlotValue], context: MatchContext
    ) -> [String: SlotValue]? {
        guard case .entity = parameter.type else { return nil }
        var words = answer.spaceSeparated
        guard (2...8).contains(words.count) else { return nil }
        var found = slots
        let missing = intent.parameters.filter { $0.name != parameter.name && slots[$0.name] == nil }
        if let (other, value, length) = trailingMeasure(of: words[...], among: missing.filter { Self.isMeasure($0.type) }, context: context) {
            found[other.name] = value
            words.removeLast(length)
        }
        // A case of an enum, as one word or two.
        for other in missing where enumeration(of: other, in: intent) != nil {
            search: for length in [2, 1] where words.count > length {
                for start in 0...(words.count - length) {
                    let said = words[start..<(start + length)].map { UtteranceWords.folded($0) }.joined(separator: " ")
                    guard let value = caseSpoken(as: said, for: other, of: intent) else { continue }
                    found[other.name] = value
                    words.removeSubrange(start..<(start + length))
                    // "high thinking": the parameter's own word goes with its value.
                    let own = Self.ownWords(of: other)
                    words.removeAll { own.contains(UtteranceWords.folded($0)) }
                    break search
                }
            }
        }
        guard found.count > slots.count, (1...2).contains(words.count) else { return nil }
        let name = words.joined(separator: " ")
        guard let value = SlotParser.parse(name, for: parameter, of: intent, catalog: catalog, context: context) else { return nil }
        found[parameter.name] = Self.named(value, for: parameter, asSaidIn: name)
        return found
    }

    /// A time or a length at the end of `words`: the longest run of final words (up to five,
    /// leaving one) that one of `parameters` takes, with its length.
    func trailingMeasure(
        of words: ArraySlice<Substring>, among parameters: [ParameterDefinition], context: MatchContext
    ) -> (ParameterDefinition, SlotValue, Int)? {
        for length in stride(from: min(5, words.count - 1), through: 1, by: -1) {
            let tail = words.suffix(length).joined(separator: " ")
            for parameter in parameters {
                // "the dentist one": a number word alone is no amount.
                if length == 1, parameter.type != .date, !tail.contains(where: \.isNumber) { continue }
                if let value = SlotParser.parseMeasure(tail, for: parameter, context: context) { return (parameter, value, length) }
            }
        }
        return nil
    }
}
