import Conversation
import Foundation
import Logging

/// Everything `jiri serve` reads from its environment. A bad value stops the
/// server at start with an error naming the variable.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var databaseURL: String
    public var redisURL: String
    public var logLevel: Logger.Level = .info
    /// Connections, and threads for their blocking calls. Commits and Redis pipelines are
    /// grouped (two of each at once), so eight of each keep 32 connections busy; sixteen of each
    /// gave the same throughput at 1.5–3.3 MB more peak RSS (`make bench`, runs BB).
    public var postgresPoolSize = 8
    public var redisPoolSize = 8
    /// Turn commits that may run at once; turns arriving while they all run
    /// commit together in the next one (group commit).
    public var commitConcurrency = 2
    /// Redis pipelines in flight at once; the ones that arrive meanwhile go to
    /// Redis together as one.
    public var redisPipelineConcurrency = 2
    public var acquireTimeout: Duration = .seconds(5)
    public var statementTimeout: Duration = .seconds(5)
    public var sessionTTL: Duration = .seconds(3600)
    public var retryWindow: Duration = .seconds(30)
    public var maxBodyBytes = 64 * 1024
    public var maxUserTextCharacters = 4000
    /// Requests a principal may make per minute (0 disables the limit).
    public var rateLimitPerMinute = 600
    /// Unauthenticated requests act as the `anonymous` principal. Allowed by
    /// default only on a loopback bind; `JIRI_ALLOW_ANONYMOUS=1` forces it.
    public var allowAnonymous: Bool?
    /// JWT bearer tokens beside API keys; off unless a key source is set.
    public var jwt = JWTSettings()
    public var catalogDirectory = "deploy/config/apps"
    public var rulesFile = "deploy/config/handoff-rules.yaml"
    public var migrationsDirectory = Self.defaultMigrationsDirectory
    /// The optional LLM orchestrator (`JIRI_LLM_*`); nil leaves understanding to the matcher.
    public var llm: ChatCompletionsOrchestrator.Configuration?
    /// Every other variable, for connectors (`NAGZ_BASE_URL`, ...).
    public var environment: [String: String] = [:]

    public init(databaseURL: String, redisURL: String) {
        self.databaseURL = databaseURL
        self.redisURL = redisURL
    }

    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        let reader = EnvironmentReader(env)
        var config = ServerConfiguration(
            databaseURL: try reader.required("DATABASE_URL"),
            redisURL: try reader.required("REDIS_URL")
        )
        config.environment = env
        config.host = reader.string("HOST") ?? config.host
        config.port = try reader.integer("PORT", in: 1...65535) ?? config.port
        if let level = reader.string("LOG_LEVEL") {
            guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
                throw ConfigurationError(variable: "LOG_LEVEL", problem: "must be one of trace, debug, info, notice, warning, error, critical; got '\(level)'")
            }
            config.logLevel = parsed
        }
        config.postgresPoolSize = try reader.integer("JIRI_PG_POOL_SIZE", in: 1...500) ?? config.postgresPoolSize
        config.redisPoolSize = try reader.integer("JIRI_REDIS_POOL_SIZE", in: 1...500) ?? config.redisPoolSize
        config.commitConcurrency = try reader.integer("JIRI_PG_COMMIT_CONCURRENCY", in: 1...500) ?? config.commitConcurrency
        config.redisPipelineConcurrency = try reader.integer("JIRI_REDIS_PIPELINE_CONCURRENCY", in: 1...500) ?? config.redisPipelineConcurrency
        config.acquireTimeout = try reader.milliseconds("JIRI_ACQUIRE_TIMEOUT_MS") ?? config.acquireTimeout
        config.statementTimeout = try reader.milliseconds("JIRI_STATEMENT_TIMEOUT_MS") ?? config.statementTimeout
        config.sessionTTL = try reader.integer("JIRI_SESSION_TTL_SECONDS", in: 1...(30 * 86400)).map { .seconds($0) } ?? config.sessionTTL
        config.retryWindow = try reader.integer("JIRI_RETRY_WINDOW_SECONDS", in: 0...3600).map { .seconds($0) } ?? config.retryWindow
        config.maxBodyBytes = try reader.integer("JIRI_MAX_BODY_BYTES", in: 1024...(16 * 1024 * 1024)) ?? config.maxBodyBytes
        config.rateLimitPerMinute = try reader.integer("JIRI_RATE_LIMIT_PER_MINUTE", in: 0...1_000_000) ?? config.rateLimitPerMinute
        config.allowAnonymous = try reader.bool("JIRI_ALLOW_ANONYMOUS")
        config.jwt.hs256Secret = reader.string("JIRI_JWT_HS256_SECRET")
        config.jwt.jwksFile = reader.string("JIRI_JWT_JWKS_FILE")
        config.jwt.issuer = reader.string("JIRI_JWT_ISSUER")
        config.jwt.audience = reader.string("JIRI_JWT_AUDIENCE")
        config.jwt.leeway = try reader.integer("JIRI_JWT_LEEWAY_SECONDS", in: 0...3600).map { .seconds($0) } ?? config.jwt.leeway
        config.catalogDirectory = reader.string("JIRI_CATALOG_DIR") ?? config.catalogDirectory
        config.rulesFile = reader.string("JIRI_RULES_FILE") ?? config.rulesFile
        config.migrationsDirectory = migrationsDirectory(in: env)
        config.llm = try llmConfiguration(reader)
        return config
    }

    /// `JIRI_MIGRATIONS_DIR`, or `migrations`: what `serve` checks the schema against and
    /// what `jiri migrate` applies, read alone so that `migrate` needs none of the rest.
    public static func migrationsDirectory(in env: [String: String]) -> String {
        EnvironmentReader(env).string("JIRI_MIGRATIONS_DIR") ?? defaultMigrationsDirectory
    }

    static let defaultMigrationsDirectory = "migrations"

    /// Whether the bind address only accepts connections from this machine.
    public var isLoopback: Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Anonymous access as it will actually apply; throws when it would be
    /// unsafe (a non-loopback bind without the explicit override).
    public func resolvedAnonymousAccess() throws -> Bool {
        switch allowAnonymous {
        case .some(true): return true
        case .some(false): return false
        case .none: return isLoopback
        }
    }
}

extension ServerConfiguration {
    /// `JIRI_LLM_URL` turns the orchestrator on; the other `JIRI_LLM_*` variables are checked even when it is off.
    static func llmConfiguration(_ reader: EnvironmentReader) throws -> ChatCompletionsOrchestrator.Configuration? {
        let timeout = try reader.milliseconds("JIRI_LLM_TIMEOUT_MS") ?? ChatCompletionsOrchestrator.Configuration.defaultTimeout
        var mode = ChatCompletionsOrchestrator.Configuration.defaultMode
        if let raw = reader.string("JIRI_LLM_MODE") {
            guard let parsed = ChatCompletionsOrchestrator.Mode(rawValue: raw.lowercased()) else {
                throw ConfigurationError(variable: "JIRI_LLM_MODE", problem: "must be primary or assist; got '\(raw)'")
            }
            mode = parsed
        }
        guard let url = reader.string("JIRI_LLM_URL") else { return nil }
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host != nil else {
            throw ConfigurationError(variable: "JIRI_LLM_URL", problem: "must be an http(s) URL such as http://127.0.0.1:11434/v1; got '\(url)'")
        }
        guard let model = reader.string("JIRI_LLM_MODEL") else {
            throw ConfigurationError(variable: "JIRI_LLM_MODEL", problem: "must be set when JIRI_LLM_URL is")
        }
        return ChatCompletionsOrchestrator.Configuration(
            baseURL: url, model: model, apiKey: reader.string("JIRI_LLM_API_KEY"), timeout: timeout, mode: mode)
    }
}

public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var variable: String
    public var problem: String

    public var description: String { "\(variable) \(problem)" }
}

struct EnvironmentReader {
    let env: [String: String]

    init(_ env: [String: String]) {
        self.env = env
    }

    func string(_ name: String) -> String? {
        guard let value = env[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func required(_ name: String) throws -> String {
        guard let value = string(name) else {
            throw ConfigurationError(variable: name, problem: "is not set")
        }
        return value
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = string(name) else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw ConfigurationError(variable: name, problem: "must be an integer from \(range.lowerBound) to \(range.upperBound); got '\(raw)'")
        }
        return value
    }

    func milliseconds(_ name: String) throws -> Duration? {
        try integer(name, in: 1...600_000).map { .milliseconds($0) }
    }

    func bool(_ name: String) throws -> Bool? {
        guard let raw = string(name) else { return nil }
        switch raw.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ConfigurationError(variable: name, problem: "must be 1 or 0; got '\(raw)'")
        }
    }
}
