import Foundation
import HTTPTypes
import HummingbirdTesting
import JiriAPI
import JiriServer
import Testing

@Suite struct AuthTests {
    static func keyedConfiguration() -> ServerConfiguration {
        var configuration = TestHarness.configuration()
        configuration.allowAnonymous = false
        return configuration
    }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    @Test func withoutAKeyATurnIs401() async throws {
        try await TestHarness.withApp(Self.keyedConfiguration()) { http, _ in
            let response = try await http.turn(#"{"user_text": "hello"}"#)
            #expect(response.status == .unauthorized)
            #expect(response.errorCode == "unauthorized")
        }
    }

    @Test func aWrongKeyIs401() async throws {
        try await TestHarness.withApp(Self.keyedConfiguration()) { http, _ in
            let fake = "jiri_000000000000_" + String(repeating: "0", count: 48)
            let response = try await http.turn(#"{"user_text": "hello"}"#, headers: Self.bearer(fake))
            #expect(response.status == .unauthorized)
        }
    }

    @Test func aKeyActsAsItsPrincipal() async throws {
        try await TestHarness.withApp(Self.keyedConfiguration()) { http, components in
            let key = try await components.keys.create(principal: "alice-\(UUID().uuidString.prefix(6))", scopes: ["turn", "history"])
            let id = TestHarness.newSessionID()
            let response = try await http.turn("tell me a joke", session: id, headers: Self.bearer(key.token))
            #expect(response.status == .ok)
            let stored = try #require(try await components.transcripts.session(id: id))
            #expect(stored.owner == key.key.principal)
        }
    }

    @Test func anotherPrincipalCannotReadOrContinueASession() async throws {
        try await TestHarness.withApp(Self.keyedConfiguration()) { http, components in
            let alice = try await components.keys.create(principal: "alice-\(UUID().uuidString.prefix(6))", scopes: ["turn", "history"])
            let bob = try await components.keys.create(principal: "bob-\(UUID().uuidString.prefix(6))", scopes: ["turn", "history"])
            let id = TestHarness.newSessionID()
            #expect(try await http.turn("tell me a joke", session: id, headers: Self.bearer(alice.token)).status == .ok)
            #expect(try await http.history(id, headers: Self.bearer(alice.token)).status == .ok)
            let read = try await http.history(id, headers: Self.bearer(bob.token))
            #expect(read.status == .notFound)
            let continued = try await http.turn("tell me another", session: id, headers: Self.bearer(bob.token))
            #expect(continued.status == .notFound)
            let history = try await http.history(id, headers: Self.bearer(alice.token)).decoded(SessionHistory.self)
            #expect(history.messages.count == 2)
        }
    }

    @Test func aKeyWithoutTheHistoryScopeIs403OnHistory() async throws {
        try await TestHarness.withApp(Self.keyedConfiguration()) { http, components in
            let key = try await components.keys.create(principal: "turn-only-\(UUID().uuidString.prefix(6))", scopes: ["turn"])
            let response = try await http.history(TestHarness.newSessionID(), headers: Self.bearer(key.token))
            #expect(response.status == .forbidden)
        }
    }

    @Test func aRevokedKeyStopsWorking() async throws {
        var configuration = Self.keyedConfiguration()
        configuration.rateLimitPerMinute = 0
        try await TestHarness.withApp(configuration) { http, components in
            let key = try await components.keys.create(principal: "carol-\(UUID().uuidString.prefix(6))", scopes: ["turn"])
            #expect(try await components.keys.revoke(id: key.key.id))
            #expect(try await http.turn(#"{"user_text": "hello"}"#, headers: Self.bearer(key.token)).status == .unauthorized)
        }
    }

    @Test func theRateLimitAnswers429WithRetryAfter() async throws {
        var configuration = TestHarness.configuration()
        configuration.rateLimitPerMinute = 3
        try await TestHarness.withApp(configuration) { http, _ in
            var statuses: [UInt] = []
            for _ in 0..<5 {
                statuses.append(UInt(try await http.turn(#"{"user_text": "hello"}"#).status.code))
            }
            #expect(statuses.prefix(3).allSatisfy { $0 == 200 })
            let limited = try await http.turn(#"{"user_text": "hello"}"#)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }

    @Test func anonymousIsRefusedOnANonLoopbackBindUnlessForced() throws {
        var configuration = TestHarness.configuration()
        configuration.allowAnonymous = nil
        configuration.host = "0.0.0.0"
        #expect(try configuration.resolvedAnonymousAccess() == false)
        configuration.host = "127.0.0.1"
        #expect(try configuration.resolvedAnonymousAccess() == true)
        configuration.host = "0.0.0.0"
        configuration.allowAnonymous = true
        #expect(try configuration.resolvedAnonymousAccess() == true)
    }

    @Test func aBadEnvironmentVariableIsNamed() {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "PORT": "eighty"])
        }
        do {
            _ = try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "PORT": "eighty"])
        } catch let error as ConfigurationError {
            #expect(error.variable == "PORT")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
