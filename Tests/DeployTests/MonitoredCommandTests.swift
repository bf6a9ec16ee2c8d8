import Testing

@Suite("MONITOR lines")
struct MonitoredCommandTests {
    @Test func aClientCommandParsesWithItsEscapes() throws {
        let line = #"1795319132.307959 [0 127.0.0.1:46932] "SET" "jiri:session:{s1}" "{\"a\":\"b\\c\"}\n\xff" "EX" "3600""#
        let command = try #require(MonitoredCommand(monitorLine: line))
        #expect(!command.fromScript)
        #expect(command.name == "SET")
        #expect(command.arguments[2] == Array(#"{"a":"b\c"}"#.utf8) + [0x0A, 0xFF])
        #expect(command.keys == [Array("jiri:session:{s1}".utf8)])
    }

    @Test func aScriptCommandIsMarkedAsSuch() throws {
        let command = try #require(MonitoredCommand(monitorLine: #"1795319132.308028 [0 lua] "DEL" "jiri:lease:{s1}""#))
        #expect(command.fromScript)
        #expect(command.keys == [Array("jiri:lease:{s1}".utf8)])
    }

    @Test func evalKeysAreTheNumkeysArgumentsAfterTheScript() throws {
        let command = try #require(MonitoredCommand(monitorLine: #"1.0 [0 127.0.0.1:1] "EVALSHA" "abc" "2" "a{t}" "b{u}" "argv""#))
        let keys = try #require(command.keys)
        #expect(keys.map { String(decoding: $0, as: UTF8.self) } == ["a{t}", "b{u}"])
        #expect(Set(keys.map(HashSlot.of)).count == 2)
    }

    @Test func anUnknownCommandHasNoKnownKeys() throws {
        #expect(try #require(MonitoredCommand(monitorLine: #"1.0 [0 127.0.0.1:1] "SUNIONSTORE" "d" "a" "b""#)).keys == nil)
    }
}
