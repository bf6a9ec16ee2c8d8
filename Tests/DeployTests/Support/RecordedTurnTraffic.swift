import Conversation
import Foundation
import Hiredis
import JiriAPI
import JiriServer
import JiriTestSupport
import Logging

/// The Redis commands real turns send: a Jiri server (the shared Postgres, a
/// private Redis under `MONITOR`) answers a conversation that takes every
/// Redis path a turn has — new, continued and client-chosen sessions, a
/// question and its answer, idempotent and keyless retries, a lost script
/// cache (`EVALSHA` falls back to `EVAL`), two turns racing for one lease.
enum RecordedTurnTraffic {
    static func capture() async throws -> [MonitoredCommand] {
        try await withPrivateRedis { redis in
            let components = try await JiriComponents(configuration: configuration(redisURL: redis.url), logger: logger)
            do {
                let commands = try await record(redis, components)
                await components.shutdown()
                return commands
            } catch {
                await components.shutdown()
                throw error
            }
        }
    }

    private static func record(_ redis: PrivateRedis, _ components: JiriComponents) async throws -> [MonitoredCommand] {
        let monitor = try await RedisMonitor.start(redis)
        let principal = Principal(id: "slots-\(UUID().uuidString.prefix(8))", scopes: [.turn, .history])
        @Sendable func turn(_ text: String, session: String?, key: String? = nil) async throws -> TurnResponse {
            let reply = try await components.turnService.handle(.init(
                request: TurnRequest(sessionID: session, userText: text),
                principal: principal, idempotencyKey: key, traceID: UUID().uuidString
            ))
            return try JSONDecoder().decode(TurnResponse.self, from: Data(reply.body.utf8))
        }
        let chosen = "slots-\(UUID().uuidString.lowercased())"
        _ = try await turn("remind Alex to take out the trash", session: chosen)
        _ = try await turn("tomorrow at 6pm", session: chosen)
        let started = try await turn("what can you do", session: nil)
        let key = "slots-key-\(UUID().uuidString)"
        _ = try await turn("show my nags", session: started.sessionID, key: key)
        _ = try await turn("show my nags", session: started.sessionID, key: key)
        _ = try await turn("open oppi", session: started.sessionID)
        _ = try await turn("open oppi", session: started.sessionID)

        let admin = try await RedisConnection.connect(configuration: redis.configuration, logger: logger)
        _ = try await admin.send(["SCRIPT", "FLUSH"])
        await admin.close()
        _ = try await turn("what can you do", session: chosen)

        let raced = "slots-\(UUID().uuidString.lowercased())"
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask { _ = try? await turn("what can you do, racer \(index)", session: raced) }
            }
            try await group.waitForAll()
        }
        _ = try await turn("bye", session: chosen)
        return try await monitor.stop()
    }

    private static func configuration(redisURL: String) -> ServerConfiguration {
        let root = TestEnvironment.repositoryRoot
        var configuration = ServerConfiguration(databaseURL: TestEnvironment.databaseURL, redisURL: redisURL)
        configuration.catalogDirectory = root.appendingPathComponent("deploy/config/apps").path
        configuration.rulesFile = root.appendingPathComponent("deploy/config/handoff-rules.yaml").path
        configuration.migrationsDirectory = root.appendingPathComponent("migrations").path
        return configuration
    }

    private static let logger: Logger = {
        var logger = Logger(label: "jiri.test.slots")
        logger.logLevel = .error
        return logger
    }()
}
