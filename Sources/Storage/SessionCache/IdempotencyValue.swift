/// The value stored under an idempotency key: `R <hash hex>` while running,
/// `D <hash hex> <response JSON>` once answered.
enum IdempotencyValue {
    static func running(_ hash: [UInt8]) -> String { "R \(Hex.encode(hash))" }
    static func done(_ hash: [UInt8], response: String) -> String { "D \(Hex.encode(hash)) \(response)" }

    static func parse(_ value: String?) -> IdempotencyClaim {
        guard let value, value.count > 2 else { return .none }
        let parts = value.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, let hash = Hex.decode(parts[1]) else { return .none }
        switch parts[0] {
        case "R": return .inProgress(requestHash: hash)
        case "D" where parts.count == 3: return .completed(StoredTurn(requestHash: hash, responseJSON: String(parts[2])))
        default: return .none
        }
    }
}
