import Crypto
import Foundation
import JiriAPI
import Storage

/// A request in one canonical JSON form (sorted keys, no idempotency key):
/// what the turn stores, and what its hash compares, so formatting, key
/// order and unknown fields of the body never matter.
struct CanonicalRequest {
    let json: String
    let hash: [UInt8]

    init(_ request: TurnRequest) {
        var canonical = request
        canonical.turnID = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A TurnRequest holds strings, booleans and finite numbers only, so encoding cannot fail.
        let data = (try? encoder.encode(canonical)) ?? Data()
        json = String(decoding: data, as: UTF8.self)
        hash = Array(SHA256.hash(data: data))
    }

    /// The idempotency key of a retry that carries none (the shipped iOS client
    /// resends the same body). Redis scopes idempotency keys by principal already.
    var retryKey: String { "auto:" + Hex.encode(hash) }
}
