import Foundation
import LibPQ
import Testing

/// Decoding of Postgres' text output, without a server.
@Suite struct TextDecodingTests {
    @Test func parsesUTCTimestampWithMicroseconds() throws {
        let date = try Date(postgresText: "2024-05-06 07:08:09.123456+00")
        #expect(abs(date.timeIntervalSince1970 - 1_714_979_289.123456) < 0.000_000_5)
    }

    @Test func appliesTheUTCOffset() throws {
        let offset = try Date(postgresText: "2024-05-06 12:38:09+05:30")
        let utc = try Date(postgresText: "2024-05-06 07:08:09+00")
        #expect(offset == utc)
    }

    @Test func readsATimestampWithoutOffsetAsUTC() throws {
        #expect(try Date(postgresText: "1970-01-01 00:00:01.5") == Date(timeIntervalSince1970: 1.5))
    }

    @Test func readsYearsBeforeChrist() throws {
        // 0001-12-31 BC is year 0 in proleptic Gregorian terms: the day before 0001-01-01 AD.
        let beforeChrist = try Date(postgresText: "0001-12-31 00:00:00+00 BC")
        let anno = try Date(postgresText: "0001-01-01 00:00:00+00")
        #expect(anno.timeIntervalSince(beforeChrist) == 86_400)
    }

    @Test(arguments: ["2024-13-01 00:00:00+00", "2024-05-06", "yesterday", "2024-05-06 07:08:09+00 garbage"])
    func rejectsMalformedTimestamps(text: String) {
        #expect(throws: PostgresError.self) { try Date(postgresText: text) }
    }

    @Test func decodesHexBytea() throws {
        #expect(try [UInt8](postgresText: "\\x00ff10Ab") == [0x00, 0xFF, 0x10, 0xAB])
        #expect(try [UInt8](postgresText: "\\x") == [])
        #expect(throws: PostgresError.self) { try [UInt8](postgresText: "\\x0") }
    }

    @Test func decodesQuotedAndBareArrayElements() throws {
        let text = #"{plain,"with space","say \"hi\"","back\\slash","",NULLish}"#
        #expect(try [String](postgresText: text) == ["plain", "with space", "say \"hi\"", "back\\slash", "", "NULLish"])
        #expect(try [String](postgresText: "{}") == [])
        #expect(try [String](postgresText: "[0:1]={a,b}") == ["a", "b"])
    }

    @Test func refusesArraysStringsCannotRepresent() {
        #expect(throws: PostgresError.self) { try [String](postgresText: "{a,NULL}") }
        #expect(throws: PostgresError.self) { try [String](postgresText: "{{a},{b}}") }
    }

    @Test func decodesBooleansAndSpecialDoubles() throws {
        #expect(try Bool(postgresText: "t"))
        #expect(try !Bool(postgresText: "f"))
        #expect(try Double(postgresText: "Infinity") == .infinity)
        #expect(try Double(postgresText: "-Infinity") == -.infinity)
        #expect(try Double(postgresText: "NaN").isNaN)
    }
}
