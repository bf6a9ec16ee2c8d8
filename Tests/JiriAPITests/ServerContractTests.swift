import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JiriAPI
import Testing

/// What the server does exactly as its OpenAPI document states it, which the
/// schemathesis run of `make test` relies on.
@Suite("Server contract")
struct ServerContractTests {
    private static func send(_ method: String, _ path: String, to baseURL: URL, headers: [String: String] = [:], body: String? = nil)
        async throws -> (status: Int, headers: [AnyHashable: Any], body: String)
    {
        var request = URLRequest(url: baseURL.appendingPathComponent(path))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.allHeaderFields, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [("DELETE", "turn", "POST"), ("PUT", "healthz", "GET"), ("POST", "readyz", "GET"), ("PATCH", "tools", "GET"),
                      ("DELETE", "session/s1/history", "GET")])
    func anUnsupportedMethodIs405NamingTheAllowedOne(method: String, path: String, allowed: String) async throws {
        try await LiveServer.run { url, _ in
            let response = try await Self.send(method, path, to: url)
            #expect(response.status == 405)
            #expect(response.headers["Allow"] as? String == allowed)
            #expect(response.body.contains("method_not_allowed"))
        }
    }

    @Test func aNULInTheTextIsUnprocessableNotAFailedCommit() async throws {
        try await LiveServer.withClient { client in
            for request in [TurnRequest(userText: "show my\u{0}nags"), TurnRequest(userText: "hello", client: "cli\u{0}")] {
                let error = await #expect(throws: JiriClientError.self) { try await client.turn(request) }
                #expect(error?.status == 422)
                #expect(error?.code == "invalid_text")
            }
        }
    }

    @Test func userTextIsTrimmedOfUnicodeWhiteSpace() async throws {
        try await LiveServer.withClient { client in
            let session = ServerEnvironment.newSessionID()
            _ = try await client.turn(TurnRequest(sessionID: session, userText: "\u{3000}\u{85}what can you do\u{2028}\u{A0}"))
            let history = try await client.history(sessionID: session)
            #expect(history.messages.first?.content == "what can you do")
        }
    }

    @Test func onlyUnicodeWhiteSpaceIsAnEmptyText() async throws {
        try await LiveServer.withClient { client in
            let error = await #expect(throws: JiriClientError.self) {
                try await client.turn(TurnRequest(userText: "\u{3000}\u{85}\u{2028}\u{2029}\u{1680}\u{202F}"))
            }
            #expect(error?.code == "empty_user_text")
        }
    }

    @Test func userTextLengthCountsUnicodeScalars() async throws {
        try await LiveServer.withClient { client in
            // 2,000 "é" written as e + combining acute: 2,000 characters but 4,000 scalars.
            let atLimit = String(repeating: "e\u{301}", count: 2000)
            _ = try await client.turn(TurnRequest(userText: atLimit))
            let error = await #expect(throws: JiriClientError.self) { try await client.turn(TurnRequest(userText: atLimit + "a")) }
            #expect(error?.code == "user_text_too_long")
        }
    }

    @Test func aMalformedIdempotencyHeaderIsRejectedEvenBesideATurnID() async throws {
        try await LiveServer.run { url, _ in
            let response = try await Self.send("POST", "turn", to: url,
                                               headers: ["Content-Type": "application/json", "Idempotency-Key": "has space"],
                                               body: #"{"user_text": "show my nags", "turn_id": "well-formed-key"}"#)
            #expect(response.status == 400)
            #expect(response.body.contains("invalid_turn_id"))
        }
    }
}
