/// The value stored under an idempotency key: `R <hash hex>` while running,
/// `T <hash hex> <session turn count> <response JSON>` once answered (`D <hash hex>
/// <response JSON>`, without the count, from earlier versions, is still read).
enum IdempotencyValue {
    static func running(_ hash: [UInt8]) -> String { "R \(Hex.encode(hash))" }

    /// Laid out as bytes in a buffer sized once: built by interpolation, the value grew (and was
    /// copied) as the response JSON was appended to it.
    static func done(_ hash: [UInt8], response: String, sessionTurnCount: Int?) -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(hash.count * 2 + response.utf8.count + 24)
        value.append(sessionTurnCount == nil ? UInt8(ascii: "D") : UInt8(ascii: "T"))
        value.append(UInt8(ascii: " "))
        Hex.append(hash, to: &value)
        value.append(UInt8(ascii: " "))
        if let sessionTurnCount {
            value.append(contentsOf: String(sessionTurnCount).utf8)
            value.append(UInt8(ascii: " "))
        }
        value.append(contentsOf: response.utf8)
        return value
    }

    static func parse(_ value: String?) -> IdempotencyClaim {
        guard let value, value.count > 2 else { return .none }
        let parts = value.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let hash = Hex.decode(parts[1]) else { return .none }
        switch parts[0] {
        case "R": return .inProgress(requestHash: hash)
        case "D" where parts.count == 3: return .completed(StoredTurn(requestHash: hash, responseJSON: String(parts[2])))
        case "T" where parts.count == 3:
            let rest = parts[2].split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard rest.count == 2, let count = Int(rest[0]) else { return .none }
            return .completed(StoredTurn(requestHash: hash, responseJSON: String(rest[1]), sessionTurnCount: count))
        default: return .none
        }
    }
}
