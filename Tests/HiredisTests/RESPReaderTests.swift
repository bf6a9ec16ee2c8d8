import Hiredis
import Testing

@Suite struct RESPReaderTests {
    private func parse(_ text: String) throws -> RESPValue? {
        var reader = RESPReader()
        reader.feed(Array(text.utf8))
        return try reader.next()
    }

    @Test func parsesStatus() throws {
        #expect(try self.parse("+OK\r\n") == .status("OK"))
    }

    @Test func parsesError() throws {
        #expect(try self.parse("-WRONGTYPE Operation against a key\r\n") == .error("WRONGTYPE Operation against a key"))
    }

    @Test func parsesIntegers() throws {
        #expect(try self.parse(":42\r\n") == .integer(42))
        #expect(try self.parse(":-9223372036854775808\r\n") == .integer(.min))
    }

    @Test func parsesBinaryBulkString() throws {
        let payload: [UInt8] = [0x00, 0x0D, 0x0A, 0xFF, 0x24]
        var reader = RESPReader()
        reader.feed(Array("$5\r\n".utf8) + payload + Array("\r\n".utf8))
        #expect(try reader.next() == .bulk(payload))
    }

    @Test func parsesEmptyBulkString() throws {
        #expect(try self.parse("$0\r\n\r\n") == .bulk([]))
    }

    @Test func parsesNullBulkAndNullArrayAsNull() throws {
        #expect(try self.parse("$-1\r\n") == .null)
        #expect(try self.parse("*-1\r\n") == .null)
    }

    @Test func parsesNestedArrays() throws {
        let value = try self.parse("*3\r\n:1\r\n*2\r\n$3\r\nfoo\r\n$-1\r\n*0\r\n")
        #expect(value == .array([.integer(1), .array([.bulk(Array("foo".utf8)), .null]), .array([])]))
    }

    @Test func waitsForAReplySplitAcrossTwoFeeds() throws {
        var reader = RESPReader()
        reader.feed(Array("*2\r\n$5\r\nhel".utf8))
        #expect(try reader.next() == nil)
        reader.feed(Array("lo\r\n:7\r\n".utf8))
        #expect(try reader.next() == .array([.bulk(Array("hello".utf8)), .integer(7)]))
        #expect(try reader.next() == nil)
    }

    @Test func returnsSeveralRepliesFromOneFeedInOrder() throws {
        var reader = RESPReader()
        reader.feed(Array("+first\r\n:2\r\n$5\r\nthird\r\n".utf8))
        #expect(try reader.next() == .status("first"))
        #expect(try reader.next() == .integer(2))
        #expect(try reader.next()?.string == "third")
        #expect(try reader.next() == nil)
    }

    @Test func rejectsMalformedInputAsProtocolError() {
        var reader = RESPReader()
        reader.feed(Array("?what\r\n".utf8))
        var thrown: RedisError?
        do {
            _ = try reader.next()
        } catch {
            thrown = error as? RedisError
        }
        #expect(thrown?.kind == .protocolError)
    }
}
