/// Lays commands out in RESP, as hiredis would (`*<argc>\r\n` then `$<length>\r\n<bytes>\r\n` per
/// argument), in one buffer for `redisAppendFormattedCommand`. Lengths make it binary safe.
/// Formatting here rather than through `redisAppendCommandArgv` saves, per command, an argv
/// laid out for C and hiredis' printf-style formatting of every length. The buffer is sized
/// exactly first and then filled, so encoding allocates it once and checks nothing per byte.
enum RESPCommandEncoder {
    static func encode(_ commands: [[RedisArgument]]) -> [UInt8] {
        var size = 0
        for command in commands {
            size += 3 + decimalDigits(command.count)
            for argument in command {
                let count = argument.count
                size += 5 + decimalDigits(count) + count
            }
        }
        return .written(count: size) { buffer in
            var cursor = buffer.baseAddress!
            for command in commands {
                cursor = writeHeader(UInt8(ascii: "*"), command.count, at: cursor)
                for argument in command {
                    cursor = writeHeader(UInt8(ascii: "$"), argument.count, at: cursor)
                    cursor = argument.copyBytes(to: cursor)
                    cursor = writeLineEnd(at: cursor)
                }
            }
            precondition(cursor - buffer.baseAddress! == size, "RESP size miscounted")
        }
    }

    /// The marker, a non-negative count in decimal, then `\r\n`.
    private static func writeHeader(
        _ marker: UInt8,
        _ value: Int,
        at cursor: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        cursor.pointee = marker
        let digits = decimalDigits(value)
        var rest = value
        for index in stride(from: digits, to: 0, by: -1) {
            cursor[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        return writeLineEnd(at: cursor + 1 + digits)
    }

    private static func writeLineEnd(at cursor: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        cursor[0] = UInt8(ascii: "\r")
        cursor[1] = UInt8(ascii: "\n")
        return cursor + 2
    }

    private static func decimalDigits(_ value: Int) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        return digits
    }
}
