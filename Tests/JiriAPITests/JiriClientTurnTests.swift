import Foundation
import JiriAPI
import JiriURLSession
import JiriTestSupport
import Testing

@Suite("JiriClient turns")
struct JiriClientTurnTests {
    @Test func aTurnWithoutSessionStartsOne() async throws {
        try await LiveServer.withClient { client in
            let response = try await client.turn(TurnRequest(userText: "what can you do", client: "app_intent"))
            #expect(!response.sessionID.isEmpty)
            #expect(!response.replyText.isEmpty)
            #expect(!response.turnID.isEmpty)
        }
    }

    @Test func aTurnContinuesAClientChosenSession() async throws {
        try await LiveServer.withClient { client in
            let session = ServerEnvironment.newSessionID()
            let first = try await client.turn(TurnRequest(sessionID: session, userText: "remind Alex to take out the trash"))
            let second = try await client.turn(TurnRequest(sessionID: session, userText: "tomorrow at 6pm"))
            #expect(first.sessionID == session)
            #expect(second.sessionID == session)
            #expect(first.expectsReply)
        }
    }

    @Test func aHandoffCarriesAParsableDeepLink() async throws {
        try await LiveServer.withClient { client in
            let response = try await client.turn(TurnRequest(userText: "open oppi", meta: TurnMeta(device: "iphone")))
            #expect(response.handoffToApp)
            let link = try #require(response.deepLink)
            #expect(link.sessionID == response.sessionID)
            #expect(link.context["app"] == "oppi")
            #expect(response.handoff?.rule != nil)
        }
    }

    @Test func theTurnIDMakesARetryReturnTheFirstAnswer() async throws {
        try await LiveServer.withClient { client in
            let request = TurnRequest(sessionID: ServerEnvironment.newSessionID(), userText: "show my nags", turnID: "retry-" + UUID().uuidString)
            let first = try await client.turn(request)
            let retry = try await client.turn(request)
            #expect(retry.turnID == first.turnID)
            #expect(retry.replyText == first.replyText)
        }
    }

    @Test func aBlankUtteranceIsAnAPIError() async throws {
        try await LiveServer.withClient { client in
            let error = await #expect(throws: JiriClientError.self) {
                try await client.turn(TurnRequest(userText: " \n\t "))
            }
            #expect(error?.status == 422)
            #expect(error?.code == "empty_user_text")
            #expect(error?.isRetryable == false)
        }
    }

    @Test func anInvalidSessionIDIsABadRequest() async throws {
        try await LiveServer.withClient { client in
            let error = await #expect(throws: JiriClientError.self) {
                try await client.turn(TurnRequest(sessionID: "not a valid id!", userText: "hello"))
            }
            #expect(error?.status == 400)
            #expect(error?.code == "invalid_session_id")
        }
    }

    @Test func theRateLimitReportsRetryAfter() async throws {
        try await LiveServer.withClient(environment: ["JIRI_RATE_LIMIT_PER_MINUTE": "1"]) { client in
            _ = try await client.turn(TurnRequest(userText: "hello"))
            let error = await #expect(throws: JiriClientError.self) {
                try await client.turn(TurnRequest(userText: "hello again"))
            }
            guard case .api(429, "rate_limited", _, let retryAfter) = error else {
                Issue.record("expected a 429 rate_limited error, got \(String(describing: error))")
                return
            }
            #expect((retryAfter ?? 0) > 0)
            #expect(error?.isRetryable == true)
        }
    }

    @Test func nothingListeningIsARetryableTransportError() async throws {
        let port = try freeLoopbackPort()
        let client = JiriClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, timeout: .seconds(5))
        let error = await #expect(throws: JiriClientError.self) {
            try await client.turn(TurnRequest(userText: "hello"))
        }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(error?.isRetryable == true)
        #expect(error?.status == nil)
    }
}
