import Foundation
import HummingbirdTesting
import JiriAPI
import JiriServer
import JiriTestSupport
import LibPQ
import Logging
import Storage
import Testing

@Suite struct StoreFailureTests {
    @Test func withRedisStoppedTurnsAreStillAnsweredFromPostgres() async throws {
        let redis = try await PrivateRedis.start()
        do {
            let configuration = TestHarness.configuration(redisURL: redis.url)
            try await TestHarness.withApp(configuration) { http, _ in
                let id = TestHarness.newSessionID()
                let question = try await http.decodedTurn("Capture coding idea", session: id)
                #expect(question.expectsReply)
                await redis.stop()
                let answered = try await http.decodedTurn("index the docs folder", session: id)
                #expect(answered.intent?.id == "codingbridge.CaptureIdeaIntent")
                #expect(answered.intent?.slots["idea"] == .string("index the docs folder"))
                let ready = try await http.execute(uri: "/readyz", method: .get)
                #expect(ready.status == .ok)
                #expect(ready.json["status"] as? String == "degraded")
                let history = try await http.history(id).decoded(SessionHistory.self)
                #expect(history.messages.count == 4)
            }
        } catch {
            await redis.stop()
            throw error
        }
        await redis.stop()
    }

    @Test func withPostgresStoppedATurnIs503AndRecoversWhenItReturns() async throws {
        try await withPrivatePostgres { postgres in
            let pool = PostgresPool(configuration: postgres.configuration, maxConnections: 1, logger: Logger(label: "test"))
            _ = try await Migrator(pool: pool, directory: TestEnvironment.repositoryRoot.appendingPathComponent("migrations"), logger: Logger(label: "test")).migrate()
            await pool.close()

            let configuration = TestHarness.configuration(databaseURL: postgres.url)
            try await TestHarness.withApp(configuration) { http, components in
                let id = TestHarness.newSessionID()
                _ = try await http.decodedTurn("tell me a joke", session: id)
                try await postgres.pause()
                let failed = try await http.turn("tell me another joke", session: id)
                #expect(failed.status == .serviceUnavailable)
                #expect(failed.headers[.retryAfter] != nil)
                #expect(failed.errorCode == "unavailable")
                let notReady = try await http.execute(uri: "/readyz", method: .get)
                #expect(notReady.status == .serviceUnavailable)
                try await postgres.resume()
                let recovered = try await http.turn("tell me another joke", session: id)
                #expect(recovered.status == .ok)
                let history = try await http.history(id).decoded(SessionHistory.self)
                #expect(history.messages.map(\.content).filter { $0 == "tell me another joke" }.count == 1)
                #expect(history.messages.count == 4)
            }
        }
    }
}
