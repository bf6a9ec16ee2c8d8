import Foundation
import JiriAPI

/// Decodes stored facts JSON (`turns.facts`, the JSON form of `HandoffFacts`) straight from
/// its UTF-8 bytes.
///
/// Replay decodes every stored turn, and `JSONDecoder` spends most of a replay's time building
/// containers; this reader walks the bytes once and sets the fields directly. It accepts exactly
/// what `HandoffFacts`' `Decodable` conformance accepts: keys are fact names, unknown keys are
/// skipped, `null` or an absent fact keeps the default, and a value of the wrong kind (text for
/// a whole number, `3.5` for an integer) is an error.
///
/// A value holds its own key table, so create one per worker and reuse it.
public struct FactsJSONDecoder: Sendable {
    /// `HandoffFact.allCases`, read once (the synthesised property builds a new array per call).
    private let allFacts: [HandoffFact]
    /// Every fact's name, back to back, for matching keys without allocating.
    private let nameBytes: [UInt8]
    /// Per fact (in `allFacts` order), where its name starts in `nameBytes`; one more entry
    /// marks the end.
    private let nameStarts: [Int]
    /// Indices into `allFacts`, grouped by slot (name length and first byte).
    private let slotted: [Int]
    /// Per slot, where its group starts in `slotted`; one more entry marks the end. Facts
    /// rarely share a slot, so a key is compared with one name at most.
    private let slotStarts: [Int]
    private let longestName: Int

    public init() {
        allFacts = HandoffFact.allCases
        let names = allFacts.map { Array($0.name.utf8) }
        longestName = names.map(\.count).max() ?? 0
        nameBytes = names.flatMap { $0 }
        nameStarts = names.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        let slotOf = names.map { Self.slot(length: $0.count, first: $0[0]) }
        slotted = allFacts.indices.sorted { slotOf[$0] < slotOf[$1] }
        var starts = [Int](repeating: 0, count: Self.slot(length: longestName + 1, first: 0) + 1)
        for slot in slotOf {
            starts[slot + 1] += 1
        }
        for index in starts.indices.dropFirst() {
            starts[index] += starts[index - 1]
        }
        slotStarts = starts
    }

    private static func slot(length: Int, first: UInt8) -> Int {
        length << 7 | Int(first & 0x7F)
    }

    public func decode(_ json: String) throws(FactsJSONError) -> HandoffFacts {
        var json = json
        return try json.withUTF8 { bytes in
            Result { () throws(FactsJSONError) in try decode(bytes: bytes) }
        }.get()
    }

    /// Decodes one JSON object held in `bytes`.
    public func decode(bytes: UnsafeBufferPointer<UInt8>) throws(FactsJSONError) -> HandoffFacts {
        var reader = JSONByteReader<FactsJSONError>(bytes: bytes)
        var facts = HandoffFacts(utteranceText: "")
        try reader.expect(UInt8(ascii: "{"))
        reader.skipWhitespace()
        if reader.consume(UInt8(ascii: "}")) {
            return try finished(facts, reader)
        }
        repeat {
            reader.skipWhitespace()
            let fact = try readKey(&reader)
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: ":"))
            reader.skipWhitespace()
            if let fact {
                try readValue(of: fact, from: &reader, into: &facts)
            } else {
                try reader.skipValue()
            }
            reader.skipWhitespace()
        } while reader.consume(UInt8(ascii: ","))
        try reader.expect(UInt8(ascii: "}"))
        return try finished(facts, reader)
    }

    private func finished(_ facts: HandoffFacts, _ reader: JSONByteReader<FactsJSONError>) throws(FactsJSONError) -> HandoffFacts {
        var reader = reader
        reader.skipWhitespace()
        guard reader.isAtEnd else { throw reader.error("unexpected text after the facts object") }
        return facts
    }

    /// The fact a key names, or nil for a key that is no fact (skipped, as `Decodable` does).
    private func readKey(_ reader: inout JSONByteReader<FactsJSONError>) throws(FactsJSONError) -> HandoffFact? {
        guard let raw = try reader.readRawString() else {
            // A key with escapes: rare enough to decode properly and look up by name.
            return HandoffFact(name: try reader.readEscapedString())
        }
        guard (1...longestName).contains(raw.count) else { return nil }
        let slot = Self.slot(length: raw.count, first: raw[0])
        return nameBytes.withUnsafeBufferPointer { names in
            for position in slotStarts[slot]..<slotStarts[slot + 1] {
                let index = slotted[position]
                if memcmp(names.baseAddress! + nameStarts[index], raw.baseAddress!, raw.count) == 0 {
                    return allFacts[index]
                }
            }
            return nil
        }
    }

    private func readValue(of fact: HandoffFact, from reader: inout JSONByteReader<FactsJSONError>,
                           into facts: inout HandoffFacts) throws(FactsJSONError) {
        let start = reader.index
        let value: FactValue
        switch reader.peek() {
        case UInt8(ascii: "n"):
            try reader.expectLiteral("null")
            return
        case UInt8(ascii: "t"):
            try reader.expectLiteral("true")
            value = .boolean(true)
        case UInt8(ascii: "f"):
            try reader.expectLiteral("false")
            value = .boolean(false)
        case UInt8(ascii: "\""):
            value = .text(try reader.readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            switch try reader.readNumber() {
            case .integer(let integer), .written(whole: let integer?):
                value = .integer(integer)
            case .written(whole: nil):
                throw FactsJSONError(offset: start, message: "\(fact.name) must be \(fact.kind.article), not a fraction")
            case .outOfRange:
                throw FactsJSONError(offset: start, message: "\(fact.name) is out of range")
            }
        default:
            throw FactsJSONError(offset: start, message: "\(fact.name) must be \(fact.kind.article)")
        }
        guard fact.assign(value, to: &facts) else {
            throw FactsJSONError(offset: start, message: "\(fact.name) must be \(fact.kind.article), not \(value)")
        }
    }
}

/// Why stored facts JSON could not be decoded, and where.
public struct FactsJSONError: JSONSyntaxFailure, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem.
    public var offset: Int
    public var message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "facts JSON at byte \(offset): \(message)" }
}
