import Foundation
import JiriAPI
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    /// The JSON text of one string value.
    private func written(_ value: String) -> String {
        var writer = JSONWriter()
        writer.string(value)
        return writer.text
    }

    private func parsed(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
    }

    static let shortEscapes: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]

    @Test(arguments: 0..<0x20)
    func everyControlCharacterIsEscaped(_ code: Int) throws {
        let value = "a\(Character(Unicode.Scalar(UInt8(code))))b"
        let escape = Self.shortEscapes[UInt8(code)] ?? String(format: "\\u%04x", code)
        #expect(written(value) == "\"a\(escape)b\"")
        #expect(try parsed(written(value)) as? String == value)
    }

    /// The writer checks eight bytes at a time: every character that needs an escape, at every
    /// position of a long string among multi-byte characters, must still be escaped.
    @Test func escapesAreFoundAtEveryPositionOfALongString() throws {
        let filler: [Character] = ["a", "é", "😀", "\u{7F}", "~", "日", "/"]
        let escaped = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\"]
        for length in [1, 2, 3, 7, 8, 9, 16, 23, 40] {
            let base = (0..<length).map { filler[$0 % filler.count] }
            for position in 0..<length {
                for character in escaped {
                    var characters = base
                    characters[position] = character
                    let value = String(characters)
                    #expect(try parsed(written(value)) as? String == value, "\(Array(value.utf8))")
                }
            }
        }
    }

    @Test func quotesAndBackslashesAreEscaped() throws {
        let value = #"say "hi" \ then \"leave\""#
        #expect(written(value) == #""say \"hi\" \\ then \\\"leave\\\"""#)
        #expect(try parsed(written(value)) as? String == value)
    }

    @Test(arguments: ["/", "a/b", "</script>", "café", "e\u{301}", "😀", "👩‍👩‍👧", "日本語", "\u{7F}", "\u{2028}", "\u{FFFD}"])
    func slashesAndNonASCIIAreWrittenAsTheirUTF8(_ value: String) throws {
        #expect(Array(written(value).utf8) == [UInt8(ascii: "\"")] + Array(value.utf8) + [UInt8(ascii: "\"")])
        #expect(try parsed(written(value)) as? String == value)
    }

    @Test func anEmptyStringIsTwoQuotes() throws {
        #expect(written("") == #""""#)
        #expect(try parsed(written("")) as? String == "")
    }

    @Test(arguments: [Int.min, Int.min + 1, -1_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_234_567_890, Int.max - 1, Int.max])
    func integersAreWrittenInDecimal(_ value: Int) throws {
        var writer = JSONWriter()
        writer.integer(value)
        #expect(writer.text == String(value))
        #expect((try parsed(writer.text) as? NSNumber)?.int64Value == Int64(value))
    }

    @Test(arguments: [0.1, -0.0, 1.5, 100.0, 1e15, 1e16, 1.5e16, 1e-5, 5e-324, 1.7976931348623157e308, -12345.678, 9007199254740993])
    func doublesAreWrittenAsJSONEncoderWritesThem(_ value: Double) throws {
        var writer = JSONWriter()
        writer.number(value)
        #expect(writer.text == String(decoding: try JSONEncoder().encode(value), as: UTF8.self))
        #expect((try parsed(writer.text) as? NSNumber)?.doubleValue == value)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreNull(_ value: Double) {
        var writer = JSONWriter()
        writer.number(value)
        #expect(writer.text == "null")
    }

    @Test func membersAndElementsAreSeparatedByCommasAtEveryDepth() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a"); writer.integer(1)
        writer.key("b"); writer.beginArray()
        writer.bool(true); writer.null(); writer.beginObject(); writer.endObject(); writer.beginArray(); writer.endArray()
        writer.beginArray(); writer.string("x"); writer.bool(false); writer.endArray()
        writer.endArray()
        writer.key("c"); writer.beginObject(); writer.key("d"); writer.string(nil as String?); writer.endObject()
        writer.key("e"); writer.string("f")
        writer.endObject()
        #expect(writer.text == #"{"a":1,"b":[true,null,{},[],["x",false]],"c":{"d":null},"e":"f"}"#)
    }

    @Test func keysFromDataAreEscaped() throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(escaping: "quote\"line\nslash/"); writer.integer(1)
        writer.endObject()
        #expect(writer.text == #"{"quote\"line\nslash/":1}"#)
        let object = try #require(try parsed(writer.text) as? [String: Int])
        #expect(object == ["quote\"line\nslash/": 1])
    }

    @Test func keysEscapedBeforehandAreWrittenAsEscaped() throws {
        let key = JSONWriter.Key("tab\there \"q\"")
        var writer = JSONWriter()
        writer.beginObject()
        writer.key(key); writer.integer(1)
        writer.key(key); writer.integer(2)
        writer.endObject()
        #expect(writer.text == #"{"tab\there \"q\"":1,"tab\there \"q\"":2}"#)
    }

    @Test func jsonValuesAreWrittenAsTheirCodableEncodingDecodes() throws {
        let value = JSONValue.object([
            "whole": .number(30), "fraction": .number(0.25), "big": .number(1e15), "negativeZero": .number(-0.0),
            "list": .array([.null, .bool(false), .string("é\"/"), .array([]), .object([:])]),
        ])
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(value.jsonText.utf8)) == value)
        let fast = try #require(try parsed(value.jsonText) as? NSDictionary)
        let foundation = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSDictionary)
        #expect(fast == foundation)
        #expect(value.jsonText.contains(#""whole":30"#))
    }

    /// The writer writes into a buffer of its own: a copy written to must not change the
    /// original, and a document longer than the capacity asked for grows the buffer.
    @Test func aCopiedWriterKeepsItsOwnText() {
        var first = JSONWriter(capacity: 4)
        first.beginObject()
        first.key("a"); first.string(String(repeating: "x", count: 100))
        var second = first
        second.key("b"); second.integer(12_345)
        second.endObject()
        first.endObject()
        #expect(first.text == "{\"a\":\"\(String(repeating: "x", count: 100))\"}")
        #expect(second.text == "{\"a\":\"\(String(repeating: "x", count: 100))\",\"b\":12345}")
        #expect(first.bytes == Array(first.text.utf8))
    }
}
