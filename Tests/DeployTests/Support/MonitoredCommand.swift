/// One command as `MONITOR` showed it: sent by a client, or run by a Lua
/// script (`[0 lua]`) on behalf of the `EVAL`/`EVALSHA` before it.
struct MonitoredCommand: CustomStringConvertible {
    var fromScript: Bool
    var arguments: [[UInt8]]

    var name: String { arguments.first.map { String(decoding: $0, as: UTF8.self).uppercased() } ?? "" }

    var description: String {
        (fromScript ? "[lua] " : "") + arguments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }

    /// Parses a `MONITOR` line: `<time> [<db> <client>|lua] "ARG" "ARG" ...`,
    /// arguments quoted with C-style escapes (`\"`, `\\`, `\n`, `\xHH`, ...).
    init?(monitorLine line: String) {
        let bytes = Array(line.utf8)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")),
              let close = bytes[open...].firstIndex(of: UInt8(ascii: "]"))
        else { return nil }
        fromScript = String(decoding: bytes[open..<close], as: UTF8.self).hasSuffix(" lua")
        var arguments: [[UInt8]] = []
        var index = close + 1
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else { index += 1; continue }
            var argument: [UInt8] = []
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    let escaped = bytes[index + 1]
                    switch escaped {
                    case UInt8(ascii: "n"): argument.append(0x0A)
                    case UInt8(ascii: "r"): argument.append(0x0D)
                    case UInt8(ascii: "t"): argument.append(0x09)
                    case UInt8(ascii: "a"): argument.append(0x07)
                    case UInt8(ascii: "b"): argument.append(0x08)
                    case UInt8(ascii: "x") where index + 3 < bytes.count:
                        let hex = String(decoding: bytes[(index + 2)...(index + 3)], as: UTF8.self)
                        argument.append(UInt8(hex, radix: 16) ?? 0)
                        index += 2
                    default: argument.append(escaped)
                    }
                    index += 2
                } else {
                    argument.append(bytes[index])
                    index += 1
                }
            }
            arguments.append(argument)
            index += 1
        }
        guard !arguments.isEmpty else { return nil }
        self.arguments = arguments
    }

    /// The keys the command names, by Redis' key specifications; nil for a
    /// command this table does not know (add it before Jiri sends it).
    var keys: [[UInt8]]? {
        let tail = Array(arguments.dropFirst())
        switch name {
        case _ where Self.keyless.contains(name):
            return []
        case _ where Self.firstArgumentIsTheKey.contains(name):
            return Array(tail.prefix(1))
        case "DEL", "UNLINK", "EXISTS", "MGET", "TOUCH", "WATCH":
            return tail
        case "MSET", "MSETNX":
            return tail.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        case "RENAME", "RENAMENX", "COPY", "SMOVE", "LMOVE", "RPOPLPUSH":
            return Array(tail.prefix(2))
        case "EVAL", "EVALSHA", "EVAL_RO", "EVALSHA_RO", "FCALL", "FCALL_RO":
            guard tail.count >= 2, let count = Int(String(decoding: tail[1], as: UTF8.self)), tail.count >= 2 + count else { return nil }
            return Array(tail[2..<(2 + count)])
        default:
            return nil
        }
    }

    private static let keyless: Set = [
        "PING", "ECHO", "AUTH", "HELLO", "SELECT", "CLIENT", "INFO", "SCRIPT", "PUBLISH", "SUBSCRIBE",
        "UNSUBSCRIBE", "PSUBSCRIBE", "PUNSUBSCRIBE", "MULTI", "EXEC", "DISCARD", "QUIT", "RESET", "COMMAND", "TIME",
    ]

    private static let firstArgumentIsTheKey: Set = [
        "GET", "SET", "SETEX", "PSETEX", "SETNX", "GETSET", "GETDEL", "GETEX", "EXPIRE", "PEXPIRE", "EXPIREAT",
        "PEXPIREAT", "TTL", "PTTL", "PERSIST", "INCR", "INCRBY", "DECR", "DECRBY", "APPEND", "STRLEN", "TYPE",
        "HGET", "HSET", "HDEL", "HGETALL", "HMGET", "HINCRBY", "HEXISTS", "LPUSH", "RPUSH", "LPOP", "RPOP", "LRANGE",
        "LTRIM", "LLEN", "SADD", "SREM", "SMEMBERS", "SISMEMBER", "ZADD", "ZREM", "ZRANGE", "ZRANGEBYSCORE",
        "ZREMRANGEBYSCORE", "ZCARD", "ZSCORE", "XADD", "XRANGE", "XLEN",
    ]
}
