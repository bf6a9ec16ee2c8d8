import Foundation
import Hummingbird
import HummingbirdTesting
import JiriAPI
import JiriURLSession
import JiriServer
import Logging
import Testing

/// Runs a real Jiri application in this process on a free port (Hummingbird's
/// live test mode) and hands the test a `JiriClient` pointed at it.
enum LiveServer {
    static func run(
        environment overrides: [String: String] = [:],
        _ body: @Sendable (_ baseURL: URL, _ components: JiriComponents) async throws -> Void
    ) async throws {
        let configuration = try ServerConfiguration.fromEnvironment(ServerEnvironment.variables(overrides: overrides))
        var logger = Logger(label: "jiri.api-test")
        logger.logLevel = .warning
        let components = try await JiriComponents(configuration: configuration, logger: logger)
        do {
            try await components.application().test(.live) { client in
                let port = try #require(client.port)
                try await body(URL(string: "http://localhost:\(port)")!, components)
            }
        } catch {
            await components.shutdown()
            throw error
        }
        await components.shutdown()
    }

    /// `run` with an anonymous client.
    static func withClient(
        environment overrides: [String: String] = [:],
        _ body: @Sendable (JiriClient) async throws -> Void
    ) async throws {
        try await run(environment: overrides) { url, _ in try await body(JiriClient(baseURL: url)) }
    }
}
