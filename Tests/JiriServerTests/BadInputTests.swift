import Foundation
import HummingbirdTesting
import NIOCore
import Testing
@testable import JiriServer

/// Every malformed request gets a clear 4xx JSON error and writes nothing.
@Suite struct BadInputTests {
    @Test func malformedJSONIs400() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(#"{"user_text": "hi""#)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "malformed_json")
        }
    }

    @Test func invalidUTF8Is400() async throws {
        try await TestHarness.withApp { http, _ in
            var buffer = ByteBuffer(string: #"{"user_text": ""#)
            buffer.writeBytes([0xC3, 0x28, 0xFF])
            buffer.writeString(#""}"#)
            let response = try await http.execute(uri: "/turn", method: .post, headers: [.contentType: "application/json"], body: buffer)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid_utf8")
        }
    }

    @Test(arguments: [
        #"{"user_text": 5}"#,
        #"{"user_text": "hi", "meta": "phone"}"#,
        #"{"user_text": "hi", "session_id": 12}"#,
        #"{"user_text": "hi", "meta": {"voice": "yes"}}"#,
        #"[1, 2]"#,
        #"{}"#,
    ])
    func wrongTypesAre422(body: String) async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(body)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode != nil)
        }
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func emptyUserTextIs422(text: String) async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(text, session: "")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "empty_user_text")
        }
    }

    @Test func overlongUserTextIs422() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(String(repeating: "a", count: 4001), session: "")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "user_text_too_long")
        }
    }

    @Test func bodyOver64KBIs413() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(#"{"user_text": "\#(String(repeating: "a", count: 70_000))"}"#)
            #expect(response.status == .contentTooLarge)
            #expect(response.errorCode == "payload_too_large")
        }
    }

    @Test(arguments: ["has space", "semi;colon", "../etc", String(repeating: "x", count: 65), "ünï"])
    func invalidSessionIDIs400(id: String) async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn("hello", session: id)
            #expect(response.status == .badRequest)
            #expect(response.errorCode == "invalid_session_id")
        }
    }

    @Test func nonJSONContentTypeIs415() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.execute(uri: "/turn", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "hello"))
            #expect(response.status == .unsupportedMediaType)
        }
    }

    @Test(arguments: [
        ("application/json", true), ("Application/JSON; charset=utf-8", true), ("  application/json ;charset=UTF-8", true),
        ("application/vnd.jiri+json", true), ("text/plain", false), ("application/jsonx", false), ("", false),
    ])
    func jsonMediaTypesAreRecognised(_ value: String, _ expected: Bool) {
        #expect(TurnController.isJSONMediaType(value) == expected)
    }

    @Test func unknownTimezoneIs422() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn("hello", session: "", meta: ["timezone": "Mars/Olympus_Mons"])
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "invalid_timezone")
        }
    }

    @Test func badHistoryLimitIs400() async throws {
        try await TestHarness.withApp { http, _ in
            for query in ["?limit=0", "?limit=501", "?limit=abc", "?before=-3"] {
                let response = try await http.history("whatever", query: query)
                #expect(response.status == .badRequest, "\(query)")
            }
        }
    }

    @Test func unknownRouteIsJSON404() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.execute(uri: "/nope", method: .get)
            #expect(response.status == .notFound)
            #expect(response.errorCode == "not_found")
        }
    }
}
