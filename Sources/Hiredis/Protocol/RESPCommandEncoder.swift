/// Lays commands out in RESP, as hiredis would (`*<argc>\r\n` then `$<length>\r\n<bytes>\r\n` per
/// argument), in one buffer for `redisAppendFormattedCommand`. Lengths make it binary safe.
/// Formatting here rather than through `redisAppendCommandArgv` saves, per command, an argv
/// laid out for C and hiredis' printf-style formatting of every length.
enum RESPCommandEncoder {
    static func encode(_ commands: [[RedisArgument]]) -> [UInt8] {
        var capacity = 0
        for command in commands {
            capacity += 16
            for argument in command {
                capacity += argument.bytes.count + 24
            }
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(capacity)
        for command in commands {
            buffer.append(UInt8(ascii: "*"))
            appendDecimal(command.count, to: &buffer)
            for argument in command {
                buffer.append(UInt8(ascii: "$"))
                appendDecimal(argument.bytes.count, to: &buffer)
                buffer.append(contentsOf: argument.bytes)
                appendLineEnd(to: &buffer)
            }
        }
        return buffer
    }

    /// A non-negative count in decimal, then `\r\n`.
    private static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
        appendLineEnd(to: &buffer)
    }

    private static func appendLineEnd(to buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\r"))
        buffer.append(UInt8(ascii: "\n"))
    }
}
