import Foundation
import LibPQ
import Testing

/// Every bindable type goes to a real Postgres column and comes back unchanged.
@Suite struct ValueRoundTripTests {
    static let columns = """
        t text, i bigint, i32 integer, b boolean, d double precision, u uuid,
        ts timestamptz, j jsonb, by bytea, arr text[]
        """

    static let awkwardStrings = [
        "",
        "plain ascii",
        "O'Reilly said \"hi\"",
        "Robert'); DROP TABLE students; --",
        "' OR '1'='1",
        "$1 $2 \\ backslash \\x00 and %s",
        "Grüße, Zürich, Ελληνικά, 日本語, עברית",
        "emoji 👩🏽‍🚀🇨🇭🎉 and a combining é",
        "tab\tnew\nline\r\nend",
    ]

    @Test(arguments: awkwardStrings)
    func textIsStoredVerbatim(value: String) async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: Self.columns) { table in
                try await pool.query("INSERT INTO \(unescaped: table) (t, arr) VALUES (\(value), \([value, value]))")
                let row = try #require(try await pool.query("SELECT t, arr, length(t) AS n FROM \(unescaped: table)").first)
                #expect(try row.decode("t", as: String.self) == value)
                #expect(try row.decode("arr", as: [String].self) == [value, value])
                // Postgres counts code points.
                #expect(try row.decode("n", as: Int.self) == value.unicodeScalars.count)
            }
        }
    }

    @Test func anInjectionStringLeavesTheTableIntact() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: "t text") { table in
                let attack = "x'); DROP TABLE \(table); --"
                try await pool.query("INSERT INTO \(unescaped: table) (t) VALUES (\(attack))")
                let rows = try await pool.query("SELECT t FROM \(unescaped: table) WHERE t = \(attack)")
                #expect(rows.count == 1)
                #expect(try rows[0].decode("t", as: String.self) == attack)
            }
        }
    }

    @Test func everyTypeRoundTrips() async throws {
        let id = UUID()
        let stamp = Date(timeIntervalSince1970: 1_741_064_767.123456)
        let json = #"{"b": [1, 2.5, null], "a": "ü\"x"}"#
        let bytes: [UInt8] = [0, 1, 2, 0x7F, 0x80, 0xFE, 0xFF, 0x0A, 0x0D, 0x5C]
        let array = ["a", "b c", "{curly}", "comma,inside", "quote\"", "NULL", ""]

        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: Self.columns) { table in
                try await pool.query("""
                    INSERT INTO \(unescaped: table) (t, i, i32, b, d, u, ts, j, by, arr)
                    VALUES (\("text ✓"), \(Int64.min), \(Int32.max), \(true), \(-1.5e-300), \(id), \(stamp),
                            \(PostgresJSONB(json)), \(bytes), \(array))
                    """)
                let row = try #require(try await pool.query("SELECT * FROM \(unescaped: table)").first)
                #expect(row.columns == ["t", "i", "i32", "b", "d", "u", "ts", "j", "by", "arr"])
                #expect(try row.decode("t", as: String.self) == "text ✓")
                #expect(try row.decode("i", as: Int64.self) == .min)
                #expect(try row.decode("i32", as: Int32.self) == .max)
                #expect(try row.decode("b", as: Bool.self) == true)
                #expect(try row.decode("d", as: Double.self) == -1.5e-300)
                #expect(try row.decode("u", as: UUID.self) == id)
                #expect(abs(try row.decode("ts", as: Date.self).timeIntervalSince(stamp)) < 0.000_000_5)
                #expect(try row.decode("by", as: [UInt8].self) == bytes)
                #expect(try row.decode("arr", as: [String].self) == array)
                // jsonb normalises the text; compare as parsed JSON.
                let stored = try row.decode("j", as: PostgresJSONB.self).json
                #expect(try Self.parse(stored) == Self.parse(json))
            }
        }
    }

    @Test func nullRoundTripsForEveryType() async throws {
        try await LibPQTestSupport.withPool { pool in
            try await LibPQTestSupport.withTable(pool, columns: Self.columns) { table in
                let none: String? = nil
                try await pool.query("""
                    INSERT INTO \(unescaped: table) (t, i, i32, b, d, u, ts, j, by, arr)
                    VALUES (\(none), \(Int?.none), \(Int32?.none), \(Bool?.none), \(Double?.none), \(UUID?.none),
                            \(Date?.none), \(PostgresJSONB?.none), \([UInt8]?.none), \([String]?.none))
                    """)
                let row = try #require(try await pool.query("SELECT * FROM \(unescaped: table)").first)
                for column in row.columns {
                    #expect(row.isNull(column), "\(column) should be NULL")
                }
                #expect(try row.decode("t", as: String?.self) == nil)
                #expect(try row.decode("i", as: Int?.self) == nil)
                #expect(try row.decode("b", as: Bool?.self) == nil)
                #expect(try row.decode("u", as: UUID?.self) == nil)
                #expect(try row.decode("ts", as: Date?.self) == nil)
                #expect(try row.decode("by", as: [UInt8]?.self) == nil)
                #expect(try row.decode("arr", as: [String]?.self) == nil)
                let error = #expect(throws: PostgresError.self) { try row.decode("t", as: String.self) }
                #expect(error?.kind == .decoding)
            }
        }
    }

    @Test func textArraysKeepTheirNullElementsThroughUnnest() async throws {
        try await LibPQTestSupport.withPool { pool in
            let names = PostgresTextArray(["a", nil, "", "say \"hi\""])
            let ages = PostgresTextArray(["1", "2", nil, "4"])
            let rows = try await pool.query("""
                SELECT name, age::integer AS age, name IS NULL AS missing
                FROM unnest(\(names), \(ages)) WITH ORDINALITY AS t(name, age, n) ORDER BY n
                """)
            #expect(try rows.map { try $0.decode("name", as: String?.self) } == ["a", nil, "", "say \"hi\""])
            #expect(try rows.map { try $0.decode("age", as: Int?.self) } == [1, 2, nil, 4])
            #expect(try rows.map { try $0.decode("missing", as: Bool.self) } == [false, true, false, false])
        }
    }

    @Test func aTextArrayLiteralReadsBackAsItsStrings() async throws {
        try await LibPQTestSupport.withPool { pool in
            let strings = Self.awkwardStrings + ["{braces}", "a,b", "NULL", "back\\slash \"quoted\""]
            let literal = PostgresTextFormat.textArrayLiteral(strings)
            let row = try #require(try await pool.query("SELECT \(literal)::text[] AS arr").first)
            #expect(try row.decode("arr", as: [String].self) == strings)
        }
    }

    @Test func anEmptyTextArrayUnnestsToNoRows() async throws {
        try await LibPQTestSupport.withPool { pool in
            let rows = try await pool.query("SELECT * FROM unnest(\(PostgresTextArray([]))) AS t(v)")
            #expect(rows.isEmpty)
        }
    }

    @Test func optionalDecodingReadsAPresentValue() async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT 'here'::text AS v").first)
            let value: String? = try row.decode("v")
            #expect(value == "here")
        }
    }

    @Test(arguments: [
        0.0, -0.0, 1.5, Double.pi, 1e-300, -2.2250738585072014e-308, Double.greatestFiniteMagnitude,
        Double.infinity, -Double.infinity, 0.1 + 0.2,
    ])
    func doublesRoundTripExactly(value: Double) async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT \(value)::float8 AS d").first)
            let decoded = try row.decode("d", as: Double.self)
            #expect(decoded.bitPattern == value.bitPattern || (decoded == 0 && value == 0))
        }
    }

    @Test func nanRoundTrips() async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT \(Double.nan) AS d").first)
            #expect(try row.decode("d", as: Double.self).isNaN)
        }
    }

    static let instants: [Int64] = [
        1_741_064_767_123_456, // 2025-03-04 05:06:07.123456
        946_684_800_000_001, // 2000-01-01 00:00:00.000001, Postgres' epoch
        951_782_400_000_000, // 2000-02-29, a leap day
        -1, // 1969-12-31 23:59:59.999999
        -62_135_596_800_000_000, // 0001-01-01 00:00:00, Date.distantPast
        -64_000_000_000_000_000, // in the first century BC
        4_102_444_799_999_999, // 2099-12-31 23:59:59.999999
    ]

    @Test(arguments: instants)
    func timestampsRoundTripAtMicrosecondPrecision(unixMicroseconds: Int64) async throws {
        let date = Date(timeIntervalSince1970: Double(unixMicroseconds) / 1_000_000)
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("""
                SELECT \(date) AS ts,
                       (extract(epoch FROM \(date)::timestamptz) * 1000000)::bigint AS micros
                """).first)
            // The server saw exactly the intended microsecond...
            #expect(try row.decode("micros", as: Int64.self) == unixMicroseconds)
            // ...and the text it returned decodes to the same instant.
            let decoded = try row.decode("ts", as: Date.self)
            #expect(Int64((decoded.timeIntervalSince1970 * 1_000_000).rounded()) == unixMicroseconds)
        }
    }

    /// The text form that travels inside documents (the batched turn commit) names
    /// the same microsecond as the bound value.
    @Test(arguments: instants)
    func timestampTextIsTheInstantThatBindingSends(unixMicroseconds: Int64) async throws {
        let date = Date(timeIntervalSince1970: Double(unixMicroseconds) / 1_000_000)
        let text = PostgresTimestamp.text(date)
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT \(text)::timestamptz = \(date) AS same").first)
            #expect(try row.decode("same", as: Bool.self), "\(text)")
        }
        #expect(PostgresTimestamp.date(fromText: text).map(PostgresTimestamp.microseconds(since:))
            == PostgresTimestamp.microseconds(since: date))
    }

    @Test func sessionRunsInUTCSoTimestampsPrintWithZeroOffset() async throws {
        try await LibPQTestSupport.withPool { pool in
            let stamp = Date(timeIntervalSince1970: 1_741_064_767.123456)
            let row = try #require(try await pool.query("SELECT current_setting('TimeZone') AS zone, \(stamp)::text AS t").first)
            #expect(try row.decode("zone", as: String.self) == "UTC")
            #expect(try row.decode("t", as: String.self) == "2025-03-04 05:06:07.123456+00")
        }
    }

    @Test func emptyArraysAndByteasRoundTrip() async throws {
        try await LibPQTestSupport.withPool { pool in
            let row = try #require(try await pool.query("SELECT \([String]()) AS a, \([UInt8]()) AS b").first)
            #expect(try row.decode("a", as: [String].self) == [])
            #expect(try row.decode("b", as: [UInt8].self) == [])
        }
    }

    @Test func aStringWithNULIsRejectedNotTruncated() async throws {
        try await LibPQTestSupport.withPool { pool in
            let error = await #expect(throws: PostgresError.self) {
                try await pool.query("SELECT \("before\u{0}after")::text AS t")
            }
            #expect(error?.kind == .server)
            // The connection is still usable afterwards.
            let rowCount = try await pool.query("SELECT 1 AS one").count
            #expect(rowCount == 1)
        }
    }

    private static func parse(_ json: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }
}
