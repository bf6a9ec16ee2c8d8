/// A reply from Redis in the RESP2 protocol, copied out of hiredis' reply objects so it
/// outlives them and can cross tasks.
public enum RESPValue: Sendable, Hashable {
    /// A simple string such as `OK` or `PONG`.
    case status(String)
    /// An error reply, e.g. `WRONGTYPE Operation against a key holding the wrong kind of value`.
    /// ``RedisConnection/send(_:)`` throws these as ``RedisError``; pipelines return them in place.
    case error(String)
    case integer(Int64)
    /// A bulk string: arbitrary bytes, not necessarily UTF-8.
    case bulk([UInt8])
    /// A null bulk string or a null array (`$-1`, `*-1`).
    case null
    case array([RESPValue])

    /// The text of a status reply, or a bulk string decoded as UTF-8 (`nil` when it is not valid UTF-8).
    public var string: String? {
        switch self {
        case .status(let text):
            return text
        case .bulk(let bytes):
            return String(validatingUTF8Bytes: bytes)
        default:
            return nil
        }
    }

    /// An integer reply, or a bulk string or status that spells a 64-bit integer (as `GET` returns counters).
    public var int: Int64? {
        switch self {
        case .integer(let value):
            return value
        case .bulk, .status:
            return self.string.flatMap { Int64($0) }
        default:
            return nil
        }
    }

    /// The bytes of a bulk string, or the UTF-8 bytes of a status.
    public var bytes: [UInt8]? {
        switch self {
        case .bulk(let bytes):
            return bytes
        case .status(let text):
            return Array(text.utf8)
        default:
            return nil
        }
    }

    public var array: [RESPValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension String {
    /// Decodes UTF-8 strictly: `nil` instead of replacement characters when `bytes` are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Decoding repairs invalid sequences with U+FFFD; a lossless decode re-encodes to the same bytes.
        guard decoded.utf8.elementsEqual(bytes) else { return nil }
        self = decoded
    }
}
