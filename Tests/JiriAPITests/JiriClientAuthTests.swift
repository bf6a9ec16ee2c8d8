import Foundation
import JiriAPI
import JiriURLSession
import Testing

@Suite("JiriClient authentication")
struct JiriClientAuthTests {
    private static let keysRequired = ["JIRI_ALLOW_ANONYMOUS": "0"]

    @Test func withoutATokenAKeyedServerAnswersUnauthorized() async throws {
        try await LiveServer.run(environment: Self.keysRequired) { url, _ in
            let error = await #expect(throws: JiriClientError.self) {
                try await JiriClient(baseURL: url).turn(TurnRequest(userText: "hello"))
            }
            #expect(error?.status == 401)
            #expect(error?.code == "unauthorized")
        }
    }

    @Test func theBearerTokenAuthenticatesTurnsAndHistory() async throws {
        try await LiveServer.run(environment: Self.keysRequired) { url, components in
            let key = try await components.keys.create(principal: "client-\(UUID().uuidString.prefix(8))", scopes: ["turn", "history"])
            let client = JiriClient(baseURL: url, token: key.token)
            let response = try await client.turn(TurnRequest(userText: "show my nags"))
            let history = try await client.history(sessionID: response.sessionID)
            #expect(history.messages.count == 2)
        }
    }

    @Test func anotherPrincipalsSessionIsNotFound() async throws {
        try await LiveServer.run(environment: Self.keysRequired) { url, components in
            let alice = try await components.keys.create(principal: "alice-\(UUID().uuidString.prefix(8))", scopes: ["turn", "history"])
            let bob = try await components.keys.create(principal: "bob-\(UUID().uuidString.prefix(8))", scopes: ["turn", "history"])
            let session = try await JiriClient(baseURL: url, token: alice.token).turn(TurnRequest(userText: "show my nags")).sessionID
            let error = await #expect(throws: JiriClientError.self) {
                try await JiriClient(baseURL: url, token: bob.token).history(sessionID: session)
            }
            #expect(error?.code == "session_not_found")
        }
    }
}
