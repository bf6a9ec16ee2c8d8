import Crypto
import Foundation
import JiriAPI
import Storage

/// A request in one canonical JSON form (sorted keys, no idempotency key):
/// what the turn stores, and what its hash compares, so formatting, key
/// order and unknown fields of the body never matter.
///
/// The form is `JSONEncoder`'s with `.sortedKeys`, byte for byte: stored hashes
/// of client keys, and the retry keys other instances derive, must not change
/// with the version. A request without numbers (no `location`, no
/// `device_context`: nearly all of them) is written by hand, the same bytes at a
/// tenth of the cost (tests compare the two); the rest go through `JSONEncoder`.
package struct CanonicalRequest {
    let json: String
    let hash: [UInt8]

    init(_ request: TurnRequest) {
        let bytes = Self.writtenByHand(request) ?? Self.encodedByFoundation(request)
        json = String(decoding: bytes, as: UTF8.self)
        hash = Array(SHA256.hash(data: bytes))
    }

    /// The idempotency key of a retry that carries none (the shipped iOS client
    /// resends the same body). Redis scopes idempotency keys by principal already.
    var retryKey: String { "auto:" + Hex.encode(hash) }

    /// Members in `JSONEncoder`'s sorted order; absent optionals left out, as its
    /// synthesised `encodeIfPresent` does. Nil when the request holds numbers.
    package static func writtenByHand(_ request: TurnRequest) -> [UInt8]? {
        let meta = request.meta
        guard meta.location == nil, meta.deviceContext == nil else { return nil }
        var writer = JSONWriter(capacity: 256, escapingSlashes: true)
        writer.beginObject()
        writer.key("client"); writer.string(request.client)
        writer.key("meta"); writer.beginObject()
        if let appVersion = meta.appVersion { writer.key("app_version"); writer.string(appVersion) }
        if let canContinue = meta.canContinueInForeground { writer.key("can_continue_in_foreground"); writer.bool(canContinue) }
        writer.key("device"); writer.string(meta.device)
        if let locked = meta.locked { writer.key("locked"); writer.bool(locked) }
        if let surface = meta.surface { writer.key("surface"); writer.string(surface) }
        writer.key("timezone"); writer.string(meta.timezone)
        writer.key("voice"); writer.bool(meta.voice)
        writer.endObject()
        if let sessionID = request.sessionID { writer.key("session_id"); writer.string(sessionID) }
        if let userID = request.userID { writer.key("user_id"); writer.string(userID) }
        writer.key("user_text"); writer.string(request.userText)
        writer.endObject()
        return writer.bytes
    }

    private static func encodedByFoundation(_ request: TurnRequest) -> [UInt8] {
        var canonical = request
        canonical.turnID = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // A TurnRequest holds strings, booleans and finite numbers only, so encoding cannot fail.
        return Array((try? encoder.encode(canonical)) ?? Data())
    }
}
