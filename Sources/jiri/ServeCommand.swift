import ArgumentParser
import Foundation
import JiriServer
import Logging
import ServiceLifecycle

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the HTTP API until SIGTERM or SIGINT (graceful shutdown)."
    )

    @Option(help: "Address to bind (default: HOST or 127.0.0.1).") var host: String?
    @Option(help: "Port to bind (default: PORT or 8080).") var port: Int?

    func run() async throws {
        var configuration = try loadConfiguration()
        if let host { configuration.host = host }
        if let port { configuration.port = port }
        if !configuration.isLoopback, configuration.allowAnonymous == nil {
            configuration.allowAnonymous = false
        }
        let logger = makeLogger(level: configuration.logLevel)
        let anonymous = try configuration.resolvedAnonymousAccess()
        logger.info("starting jiri", metadata: [
            "address": "\(configuration.host):\(configuration.port)",
            "anonymous": "\(anonymous)",
        ])
        let app = try await JiriApplication.build(configuration: configuration, logger: logger)
        try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    }
}

/// Reads the environment, turning a bad variable into a one-line error.
func loadConfiguration() throws -> ServerConfiguration {
    do {
        return try ServerConfiguration.fromEnvironment()
    } catch let error as ConfigurationError {
        throw ValidationError("configuration: \(error)")
    }
}

func makeLogger(level: Logger.Level, label: String = "jiri") -> Logger {
    LoggingSystem.bootstrap { label in
        var handler = LineLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
    var logger = Logger(label: label)
    logger.logLevel = level
    return logger
}
