import Hiredis
import Testing

@Suite struct RESPValueTests {
    @Test func stringReadsStatusAndUTF8Bulk() {
        #expect(RESPValue.status("PONG").string == "PONG")
        #expect(RESPValue.bulk(Array("grüße".utf8)).string == "grüße")
        #expect(RESPValue.integer(1).string == nil)
    }

    @Test func stringIsNilForBulkThatIsNotUTF8() {
        #expect(RESPValue.bulk([0x66, 0xFF, 0x6F]).string == nil)
    }

    @Test func intParsesIntegerBulkAndStatus() {
        #expect(RESPValue.integer(-5).int == -5)
        #expect(RESPValue.bulk(Array("1234".utf8)).int == 1234)
        #expect(RESPValue.status("17").int == 17)
        #expect(RESPValue.bulk(Array("12a".utf8)).int == nil)
        #expect(RESPValue.null.int == nil)
    }

    @Test func bytesArrayAndNullAccessors() {
        #expect(RESPValue.bulk([0, 1]).bytes == [0, 1])
        #expect(RESPValue.status("OK").bytes == Array("OK".utf8))
        #expect(RESPValue.array([.null]).array == [.null])
        #expect(RESPValue.bulk([]).array == nil)
        #expect(RESPValue.null.isNull)
        #expect(!RESPValue.bulk([]).isNull)
    }

    @Test func serverErrorCodeIsTheReplysUppercasePrefix() {
        #expect(RedisError(serverReply: "WRONGTYPE Operation against a key").code == "WRONGTYPE")
        #expect(RedisError(serverReply: "NOSCRIPT No matching script").code == "NOSCRIPT")
        #expect(RedisError(serverReply: "unexpected lower-case text").code == nil)
    }

    @Test func onlyConnectionKindsAreConnectionFailures() {
        #expect(RedisError(kind: .eof, message: "").isConnectionFailure)
        #expect(RedisError(kind: .timeout, message: "").isConnectionFailure)
        #expect(!RedisError(serverReply: "ERR x").isConnectionFailure)
        #expect(!RedisError(kind: .acquireTimeout, message: "").isConnectionFailure)
    }
}
