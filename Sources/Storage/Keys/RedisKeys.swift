import Hiredis

/// Every Redis key Jiri uses. Keys of one session share the `{session id}`
/// hash tag so that multi-key scripts stay within one Redis Cluster slot.
public enum RedisKeys {
    public static func session(_ id: String) -> String { text(of: sessionKey(id)) }
    public static func lease(_ id: String) -> String { text(of: leaseKey(id)) }
    /// Idempotency records are per principal, not per session: a retried
    /// "new session" request does not know its session id yet.
    public static func idempotency(owner: String, key: String) -> String { text(of: idempotencyKey(owner: owner, key: key)) }
    public static let rulesetChannel = "jiri:rulesets"

    /// The keys as commands send them: their bytes laid out once at their size, no `String`
    /// made (interpolating one cost about 1,200 instructions, two allocations and a copy as it
    /// grew; a turn sends seven).
    static func sessionKey(_ id: String) -> RedisArgument { joined("jiri:session:{", id) }
    static func leaseKey(_ id: String) -> RedisArgument { joined("jiri:lease:{", id) }
    static func idempotencyKey(owner: String, key: String) -> RedisArgument { joined("jiri:idem:{", owner, "|", key) }

    private static func text(of key: RedisArgument) -> String {
        String(decoding: key.bytes, as: UTF8.self)
    }

    /// `prefix`, `first`, `separator`, `second`, then the closing brace of the hash tag.
    private static func joined(_ prefix: StaticString, _ first: String, _ separator: StaticString = "", _ second: String = "") -> RedisArgument {
        var first = first
        var second = second
        return first.withUTF8 { first in
            second.withUTF8 { second in
                let count = prefix.utf8CodeUnitCount + first.count + separator.utf8CodeUnitCount + second.count + 1
                return RedisArgument(.written(count: count) { buffer in
                    var cursor = buffer.baseAddress!
                    func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                        guard let base = bytes.baseAddress else { return }
                        cursor.initialize(from: base, count: bytes.count)
                        cursor += bytes.count
                    }
                    put(UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount))
                    put(first)
                    put(UnsafeBufferPointer(start: separator.utf8Start, count: separator.utf8CodeUnitCount))
                    put(second)
                    cursor.pointee = UInt8(ascii: "}")
                })
            }
        }
    }
}
