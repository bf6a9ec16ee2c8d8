import Foundation
import HTTPTypes
import HummingbirdTesting
import JiriAPI
import Testing

@Suite struct IdempotencyTests {
    @Test func aRepeatedTurnIDReturnsTheStoredResponseAndWritesOnce() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let key = UUID().uuidString
            let first = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key])
            let second = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key])
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            #expect(try first.decoded(TurnResponse.self) == second.decoded(TurnResponse.self))
            let history = try await http.history(id).decoded(SessionHistory.self)
            #expect(history.messages.count == 2)
        }
    }

    @Test func theIdempotencyKeyHeaderMeansTheSameAsTurnID() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let header: HTTPFields = [.init("Idempotency-Key")!: UUID().uuidString]
            let first = try await http.turn("tell me a joke", session: id, headers: header)
            let second = try await http.turn("tell me a joke", session: id, headers: header)
            #expect(try first.decoded(TurnResponse.self).turnID == second.decoded(TurnResponse.self).turnID)
            #expect(try await http.history(id).decoded(SessionHistory.self).messages.count == 2)
        }
    }

    @Test func theSameKeyWithADifferentBodyIs422() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let key = UUID().uuidString
            _ = try await http.turn("tell me a joke", session: id, extra: ["turn_id": key])
            let reused = try await http.turn("what time is it", session: id, extra: ["turn_id": key])
            #expect(reused.status == .unprocessableContent)
            #expect(reused.errorCode == "idempotency_key_reused")
        }
    }

    /// The shipped iOS client retries a failed turn with the same body and no
    /// key, even for a new session (`session_id: ""`).
    @Test func aKeylessRetryOfANewSessionTurnIsAnsweredOnce() async throws {
        try await TestHarness.withApp { http, components in
            let body = #"{"session_id": "", "user_text": "log my mood as \#(UUID().uuidString.prefix(8))", "client": "ios_app", "meta": {"voice": true}}"#
            let first = try await http.turn(body).decoded(TurnResponse.self)
            let retry = try await http.turn(body).decoded(TurnResponse.self)
            #expect(first.sessionID == retry.sessionID)
            #expect(first.turnID == retry.turnID)
            let page = try #require(try await components.transcripts.history(sessionID: first.sessionID, before: nil, limit: 50))
            #expect(page.messages.count == 2)
        }
    }

    /// A client retries only its last request: the same words after another turn ("backend"
    /// answering a second "Which workspace?") are a new turn.
    @Test func theSameWordsAfterAnotherTurnAreANewTurnNotARetry() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("tell me a joke", session: id)
            _ = try await http.decodedTurn("what time is it", session: id)
            let again = try await http.decodedTurn("tell me a joke", session: id)
            #expect(first.turnID != again.turnID)
            #expect(try await http.history(id).decoded(SessionHistory.self).messages.count == 6)
        }
    }

    @Test func repeatsAreCountedOnMetricsByKind() async throws {
        try await TestHarness.withApp { http, _ in
            func replayed(_ kind: String) async throws -> Int {
                let metrics = String(buffer: try await http.execute(uri: "/metrics", method: .get).body)
                let line = metrics.split(separator: "\n").first { $0.hasPrefix("jiri_turns_replayed_total{") && $0.contains("key=\"\(kind)\"") }
                return line.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) } ?? 0
            }
            let (retriesBefore, keyedBefore) = (try await replayed("retry"), try await replayed("client"))
            let id = TestHarness.newSessionID()
            _ = try await http.turn("log my mood as calm", session: id)
            _ = try await http.turn("log my mood as calm", session: id)
            #expect(try await replayed("retry") > retriesBefore)
            let key = UUID().uuidString
            _ = try await http.turn("tell me a joke", session: id, extra: ["turn_id": key])
            _ = try await http.turn("tell me a joke", session: id, extra: ["turn_id": key])
            #expect(try await replayed("client") > keyedBefore)
        }
    }

    @Test func aKeyedRetryAfterRedisLostTheRecordIsStillAnsweredFromPostgres() async throws {
        try await TestHarness.withApp { http, components in
            let id = TestHarness.newSessionID()
            let key = UUID().uuidString
            let first = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key]).decoded(TurnResponse.self)
            await components.turnService.cacheWrites.drain()
            try await components.redis.send(["DEL", .init("jiri:idem:{anonymous|k:\(key)}"), .init("jiri:session:{\(id)}")])
            let retry = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key]).decoded(TurnResponse.self)
            #expect(first == retry)
            #expect(try await http.history(id).decoded(SessionHistory.self).messages.count == 2)
        }
    }

    @Test func aZeroRetryWindowTurnsKeylessRetryDetectionOff() async throws {
        var configuration = TestHarness.configuration()
        configuration.retryWindow = .zero
        try await TestHarness.withApp(configuration) { http, components in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("tell me a joke", session: id)
            let again = try await http.decodedTurn("tell me a joke", session: id)
            #expect(first.turnID != again.turnID)
            #expect(try await http.history(id).decoded(SessionHistory.self).messages.count == 4)
            // Redis was used (lease and cache), not bypassed as unavailable.
            await components.turnService.cacheWrites.drain()
            #expect(try await components.redis.send(["EXISTS", .init("jiri:session:{\(id)}")]).int == 1)
        }
    }
}
