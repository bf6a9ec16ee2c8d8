import JiriAPI
import Testing

@Suite("JSONByteReader")
struct JSONByteReaderTests {
    /// Runs `body` over a reader of `json`, then requires the whole text read.
    private func read<T>(
        _ json: String, rejectingLoneSurrogates: Bool = false,
        _ body: (inout JSONByteReader<JSONSyntaxError>) throws(JSONSyntaxError) -> T
    ) throws(JSONSyntaxError) -> T {
        var json = json
        return try json.withUTF8 { bytes in
            Result { () throws(JSONSyntaxError) in
                var reader = JSONByteReader<JSONSyntaxError>(bytes: bytes, rejectingLoneSurrogates: rejectingLoneSurrogates)
                reader.skipWhitespace()
                let value = try body(&reader)
                try reader.expectEnd()
                return value
            }
        }.get()
    }

    /// An object of string members, read with `readObject`.
    private func members(_ json: String) throws(JSONSyntaxError) -> [String: String] {
        try read(json) { reader throws(JSONSyntaxError) in
            var members: [String: String] = [:]
            try reader.readObject { reader, key throws(JSONSyntaxError) in
                members[String(decoding: key, as: UTF8.self)] = try reader.readString()
            }
            return members
        }
    }

    @Test func objectMembersComeWithTheirKeysEscapesResolved() throws {
        let json = #" { "plain" : "a" , "caf\u00e9\/x" :"b\"c", "emoji\ud83d\ude00":"\u00e9" } "#
        #expect(try members(json) == ["plain": "a", "café/x": "b\"c", "emoji😀": "é"])
    }

    @Test func anEmptyObjectHasNoMembers() throws {
        #expect(try members("{ }") == [:])
    }

    @Test func arrayElementsAreReadInOrder() throws {
        let numbers = try read("[1, -2 ,30,\n4]") { reader throws(JSONSyntaxError) in
            var numbers: [JSONByteReader<JSONSyntaxError>.Number] = []
            try reader.readArray { reader throws(JSONSyntaxError) in numbers.append(try reader.readNumber()) }
            return numbers
        }
        #expect(numbers == [.integer(1), .integer(-2), .integer(30), .integer(4)])
    }

    @Test func skippedValuesOfEveryKindLeaveTheCursorAfterThem() throws {
        let json = #"[{"a": [1, 2.5e3, true, null, "x\"]", {"b": {}}]}, -0.5, "s", false]"#
        try read(json) { reader throws(JSONSyntaxError) in try reader.skipValue() }
    }

    @Test func aLoneSurrogateIsTheReplacementCharacterUnlessRejected() throws {
        let json = #""a\ud800b\udc00c""#
        #expect(try read(json) { reader throws(JSONSyntaxError) in try reader.readString() } == "a\u{FFFD}b\u{FFFD}c")
        #expect(throws: JSONSyntaxError.self) {
            try read(json, rejectingLoneSurrogates: true) { reader throws(JSONSyntaxError) in try reader.readString() }
        }
    }

    @Test(arguments: [#"{"a" "b"}"#, #"{"a": "b",}"#, #"{"a": "b""#, #"{a: "b"}"#, #"{"a": "b"} x"#, #"{"a": "b\q"}"#])
    func malformedObjectsAreErrorsWithAnOffset(_ json: String) throws {
        let error = try #require(throws: JSONSyntaxError.self) { try members(json) }
        #expect((0...json.utf8.count).contains(error.offset))
    }
}
