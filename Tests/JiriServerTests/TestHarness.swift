import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import JiriAPI
import JiriServer
import JiriTestSupport
import Logging
import NIOCore

/// Builds a real Jiri application on the test Postgres and Redis and drives it
/// through Hummingbird's test client.
enum TestHarness {
    static func configuration(
        databaseURL: String = TestEnvironment.databaseURL,
        redisURL: String = TestEnvironment.redisURL
    ) -> ServerConfiguration {
        var configuration = ServerConfiguration(databaseURL: databaseURL, redisURL: redisURL)
        let root = TestEnvironment.repositoryRoot
        configuration.catalogDirectory = root.appendingPathComponent("deploy/config/apps").path
        configuration.rulesFile = root.appendingPathComponent("deploy/config/handoff-rules.yaml").path
        configuration.migrationsDirectory = root.appendingPathComponent("migrations").path
        configuration.rateLimitPerMinute = 0
        configuration.allowAnonymous = true
        configuration.acquireTimeout = .seconds(2)
        return configuration
    }

    static func withApp(
        _ configuration: ServerConfiguration = configuration(),
        _ body: @Sendable (any TestClientProtocol, JiriComponents) async throws -> Void
    ) async throws {
        var logger = Logger(label: "jiri.test")
        logger.logLevel = .warning
        let shipped = configuration.catalogDirectory == Self.shippedCatalog.directory
        let components = try await JiriComponents(
            configuration: configuration, logger: logger, compiled: shipped ? try Self.shippedCatalog.compiled.get() : nil)
        let app = components.application()
        do {
            try await app.test(.router) { client in try await body(client, components) }
        } catch {
            await components.shutdown()
            throw error
        }
        await components.shutdown()
    }

    /// The shipped catalog, compiled once for all the applications the tests start.
    static let shippedCatalog: (directory: String, compiled: Result<CompiledCatalog, any Error>) = {
        let directory = configuration().catalogDirectory
        return (directory, Result { try CompiledCatalog(directory: directory) })
    }()

    static func newSessionID() -> String { "t-" + UUID().uuidString.lowercased() }
}

extension TestClientProtocol {
    /// POSTs raw JSON to `/turn`.
    func turn(_ json: String, headers: HTTPFields = [:]) async throws -> TestResponse {
        var all: HTTPFields = [.contentType: "application/json"]
        all.append(contentsOf: headers)
        return try await execute(uri: "/turn", method: .post, headers: all, body: ByteBuffer(string: json))
    }

    /// POSTs a turn built from values.
    func turn(_ text: String, session: String, meta: [String: Any] = [:], extra: [String: Any] = [:], headers: HTTPFields = [:]) async throws -> TestResponse {
        var body: [String: Any] = ["session_id": session, "user_text": text, "client": "app_intent", "meta": ["voice": true, "device": "iphone", "timezone": "America/New_York"].merging(meta) { $1 }]
        body.merge(extra) { $1 }
        let data = try JSONSerialization.data(withJSONObject: body)
        return try await turn(String(decoding: data, as: UTF8.self), headers: headers)
    }

    func history(_ session: String, query: String = "", headers: HTTPFields = [:]) async throws -> TestResponse {
        try await execute(uri: "/session/\(session)/history\(query)", method: .get, headers: headers)
    }
}

extension TestResponse {
    func decoded<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(buffer: body))
    }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }

    var errorCode: String? {
        (json["error"] as? [String: Any])?["code"] as? String
    }
}
