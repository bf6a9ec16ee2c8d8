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
}
