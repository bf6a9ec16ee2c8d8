@testable import Hiredis
import Testing

@Suite struct RESPCommandEncoderTests {
    @Test func commandsAreLaidOutAsRESPArraysOfBulkStrings() {
        let encoded = RESPCommandEncoder.encode([["SET", "k", "v"], ["GET", "k"]])
        #expect(String(decoding: encoded, as: UTF8.self) == "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n")
    }

    @Test func lengthsOfEveryMagnitudeAndEmptyArgumentsAreExact() {
        for length in [0, 1, 9, 10, 99, 100, 1_000, 65_536] {
            let argument = RedisArgument([UInt8](repeating: 0x0D, count: length))
            let encoded = RESPCommandEncoder.encode([["SET", argument]])
            let expected = Array("*2\r\n$3\r\nSET\r\n$\(length)\r\n".utf8) + argument.bytes + Array("\r\n".utf8)
            #expect(encoded == expected, "length \(length)")
        }
    }

    @Test func textNumbersAndBytesAreEncodedAsTheirBytes() {
        let encoded = RESPCommandEncoder.encode([["SET", RedisArgument("caf\u{e9}"), RedisArgument(Int64(-42)), RedisArgument([0, 13, 10])]])
        let expected = Array("*4\r\n$3\r\nSET\r\n$5\r\ncaf\u{e9}\r\n$3\r\n-42\r\n$3\r\n".utf8) + [0, 13, 10] + Array("\r\n".utf8)
        #expect(encoded == expected)
    }

    @Test func argumentsWithTheSameBytesAreEqual() {
        #expect(RedisArgument("ab") == RedisArgument([97, 98]))
        #expect(Set([RedisArgument("ab"), RedisArgument([97, 98]), RedisArgument(12)]).count == 2)
        #expect(RedisArgument(12) == "12")
    }

    /// An `Int` argument is written in decimal straight into the command: the bytes
    /// `String(int)` has, at every magnitude and sign.
    @Test(arguments: [0, 7, -7, 10, 99, -100, 1_000_000, Int.max, Int.min])
    func integersAreSentAsTheirDecimalText(_ int: Int) {
        let text = String(int)
        #expect(RedisArgument(int).bytes == Array(text.utf8))
        #expect(RedisArgument(int) == RedisArgument(text))
        #expect(RedisArgument(int).hashValue == RedisArgument(text).hashValue)
        let expected = Array("*2\r\n$3\r\nGET\r\n$\(text.utf8.count)\r\n\(text)\r\n".utf8)
        #expect(RESPCommandEncoder.encode([["GET", RedisArgument(int)]]) == expected)
    }
}
