import Foundation
import HummingbirdTesting
import JiriAPI
import Testing

/// The bodies the shipped clients send, verbatim, with only a Content-Type header.
@Suite struct ClientContractTests {
    @Test(arguments: ["app_intent", "ios_app", "shortcut"])
    func shippedClientBodyGetsTheFieldsTheClientRequires(client: String) async throws {
        try await TestHarness.withApp { http, _ in
            let body = #"{"session_id": "", "user_text": "show me my calendar", "client": "\#(client)", "meta": {"voice": true, "device": "iphone", "timezone": "America/New_York"}}"#
            let response = try await http.turn(body)
            #expect(response.status == .ok)
            let json = response.json
            #expect((json["session_id"] as? String)?.isEmpty == false)
            #expect((json["reply_text"] as? String)?.isEmpty == false)
            #expect(json["end_conversation"] as? Bool == false)
            #expect(json["handoff_to_app"] as? Bool == true)
            let sessionID = try #require(json["session_id"] as? String)
            #expect((json["deep_link_url"] as? String).flatMap(DeepLink.init(url:))?.sessionID == sessionID)
            let debug = try #require(json["debug"] as? [String: Any])
            #expect(debug["tool_trace"] is [Any])
            #expect(debug["latency_ms"] is Int)
            #expect(debug["mode"] is String)
        }
    }

    @Test func deepLinkIsAnExplicitNullWithoutHandoff() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(#"{"user_text": "tell me a joke"}"#)
            #expect(response.status == .ok)
            let json = response.json
            #expect(json.keys.contains("deep_link_url"))
            #expect(json["deep_link_url"] is NSNull)
            #expect(json["handoff_to_app"] as? Bool == false)
        }
    }

    @Test func unknownFieldsAreIgnored() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(#"{"user_text": "tell me a joke", "future_field": {"x": 1}, "meta": {"new_thing": true}}"#)
            #expect(response.status == .ok)
        }
    }

    @Test func traceIDIsEchoed() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.turn(#"{"user_text": "hello"}"#, headers: [.init("X-Trace-ID")!: "trace-abc-123"])
            #expect(response.headers[.init("X-Trace-ID")!] == "trace-abc-123")
        }
    }

    @Test func unmatchedRequestGetsAUsefulSpokenReply() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.decodedTurn("what time is it in Tokyo")
            #expect(response.replyText.count > 20)
            #expect(response.debug.mode == "fallback")
            #expect(response.intent == nil)
        }
    }
}

extension TestClientProtocol {
    func decodedTurn(_ text: String, session: String = TestHarness.newSessionID(), meta: [String: Any] = [:]) async throws -> TurnResponse {
        let response = try await turn(text, session: session, meta: meta)
        guard response.status == .ok else {
            throw ExpectedOK(status: Int(response.status.code), body: String(buffer: response.body))
        }
        return try response.decoded(TurnResponse.self)
    }

    /// The reply to `text` in a new session whose first turn was `first`.
    func decodedTurn(_ text: String, after first: String) async throws -> TurnResponse {
        let session = TestHarness.newSessionID()
        _ = try await decodedTurn(first, session: session)
        return try await decodedTurn(text, session: session)
    }
}

struct ExpectedOK: Error, CustomStringConvertible {
    var status: Int
    var body: String
    var description: String { "expected 200, got \(status): \(body)" }
}

@Suite struct HandoffReplyTests {
    @Test func aHandoffWithoutAnIntentSaysItContinuesInTheApp() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.decodedTurn("show me my calendar")
            #expect(response.handoffToApp)
            #expect(response.replyText.hasPrefix("Let's do that in the app."))
            #expect(!response.replyText.contains("can't help"))
            let history = try await http.history(response.sessionID).decoded(SessionHistory.self)
            // The spoken suffix ("Opening the app for you...") stays out of the history.
            #expect(history.messages.last?.content == "Let's do that in the app.")
        }
    }

    @Test func aVetoedRequestSaysWhereToContinue() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.decodedTurn("show me my calendar", meta: ["device": "homepod"])
            #expect(!response.handoffToApp)
            #expect(response.handoff?.stage == "veto")
            #expect(!response.replyText.isEmpty)
            #expect(!response.replyText.contains("can't help"))
        }
    }
}
