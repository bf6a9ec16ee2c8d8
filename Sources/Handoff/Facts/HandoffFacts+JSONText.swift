import JiriAPI

/// The hand-written JSON of the facts stored with each turn (`turns.facts`): what
/// `encode(to:)` writes, every fact under its rule name and absent facts left out, without
/// `JSONEncoder`. `FactsJSONDecoder` reads it back for replay.
extension HandoffFacts: JSONWritable {
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        for (fact, key) in Self.factsInOrder where stores(fact) {
            switch fact.kind {
            case .text:
                if let text = fact.text(in: self) { writer.key(key); writer.string(text) }
            case .integer:
                if let integer = fact.integer(in: self) { writer.key(key); writer.integer(integer) }
            case .boolean:
                if let boolean = fact.boolean(in: self) { writer.key(key); writer.bool(boolean) }
            }
        }
        writer.endObject()
    }

    /// `HandoffFact.allCases` with each name escaped for JSON, built once: the synthesised
    /// property builds an array per call, and a name escaped per turn cost a third of this encoder.
    private static let factsInOrder = HandoffFact.allCases.map { ($0, JSONWriter.Key($0.name)) }
}
