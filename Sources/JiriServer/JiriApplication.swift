import AsyncHTTPClient
import Catalog
import ConnectionSupport
import Conversation
import Foundation
import Handoff
import Hiredis
import Hummingbird
import LibPQ
import Logging
import Metrics
import NIOPosix
import ServiceLifecycle
import Storage
import Understanding

/// Builds the Jiri HTTP application and the services it runs (connection
/// pools). `jiri serve` runs it; tests drive it through `app.test(...)`.
public enum JiriApplication {
    public static func build(configuration: ServerConfiguration, logger: Logger) async throws -> some ApplicationProtocol {
        let parts = try await JiriComponents(configuration: configuration, logger: logger)
        return parts.application()
    }
}

/// Everything the server is made of, wired once at start.
public struct JiriComponents: Sendable {
    public let configuration: ServerConfiguration
    public let postgres: PostgresPool
    public let redis: RedisPool
    let postgresThreads: NIOThreadPool
    let redisThreads: NIOThreadPool
    /// Calls the apps' backends (Nagz, Oppi) for their connectors.
    let httpClient: HTTPClient
    public let catalog: Catalog
    public let rules: RulesProvider
    /// Swaps `rules` when a revision is published or rolled back, or the rules file changes.
    public let rulesReloader: RulesReloader
    public let transcripts: PostgresTranscriptStore
    public let keys: APIKeyStore
    /// Verifies JWT bearer tokens; `nil` when JWT is off.
    let jwt: JWTVerifier?
    public let migrator: Migrator
    public let turnService: TurnService
    let allowAnonymous: Bool
    let logger: Logger

    /// `compiled`, when given, is the catalog of `configuration.catalogDirectory` compiled already.
    public init(
        configuration: ServerConfiguration, logger: Logger, connectors: ConnectorRegistry? = nil, compiled: CompiledCatalog? = nil
    ) async throws {
        self.configuration = configuration
        self.logger = logger
        allowAnonymous = try configuration.resolvedAnonymousAccess()
        // Before any thread starts, so a bad key leaves nothing to shut down.
        jwt = configuration.jwt.isEnabled ? try await JWTVerifier(settings: configuration.jwt) : nil

        var pgConfig = try PostgresConfiguration(url: configuration.databaseURL)
        pgConfig.statementTimeout = configuration.statementTimeout
        // Connecting (both stores) and libpq's calls other than statements the
        // session has prepared block a thread; commands and prepared statements
        // await their sockets on the SocketPoller instead. Each pool still gets
        // threads of its own, one per connection, so a stalled Postgres never
        // starves Redis (or the shared singleton pool) of threads.
        postgresThreads = NIOThreadPool(numberOfThreads: configuration.postgresPoolSize)
        redisThreads = NIOThreadPool(numberOfThreads: configuration.redisPoolSize)
        postgresThreads.start()
        redisThreads.start()
        postgres = PostgresPool(configuration: pgConfig, maxConnections: configuration.postgresPoolSize,
                                acquireTimeout: configuration.acquireTimeout, threadPool: postgresThreads, logger: logger)
        redis = RedisPool(configuration: try RedisConfiguration(url: configuration.redisURL),
                          maxConnections: configuration.redisPoolSize,
                          pipelineConcurrency: configuration.redisPipelineConcurrency, threadPool: redisThreads, logger: logger)

        httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .connectors)
        let compiled = try compiled ?? CompiledCatalog(directory: configuration.catalogDirectory)
        catalog = compiled.catalog
        rules = RulesProvider(try Ruleset.load(file: URL(fileURLWithPath: configuration.rulesFile)))
        rulesReloader = RulesReloader(provider: rules, store: RulesetStore(pool: postgres),
                                      rulesFile: URL(fileURLWithPath: configuration.rulesFile), logger: logger)
        transcripts = PostgresTranscriptStore(pool: postgres, commitConcurrency: configuration.commitConcurrency)
        keys = APIKeyStore(pool: postgres)
        migrator = Migrator(pool: postgres, directory: URL(fileURLWithPath: configuration.migrationsDirectory), logger: logger)

        var turnConfig = TurnConfiguration()
        turnConfig.sessionTTL = configuration.sessionTTL
        turnConfig.retryWindow = configuration.retryWindow
        let matcher = compiled.matcher
        turnService = TurnService(
            transcripts: transcripts,
            cache: RedisSessionCache(pool: redis, sessionTTL: configuration.sessionTTL),
            catalog: catalog,
            matcher: matcher,
            connectors: connectors ?? ConnectorRegistry.fromEnvironment(configuration.environment, catalog: catalog, httpClient: httpClient),
            rules: rules,
            configuration: turnConfig,
            logger: logger,
            understanding: configuration.llm.map { [httpClient, catalog] in
                ChatCompletionsOrchestrator(configuration: $0, catalog: catalog, matcher: matcher, httpClient: httpClient, logger: logger)
            }
        )
        // The published revision, if any, serves from the first request.
        await rulesReloader.refresh()
    }

    /// Closes the pools and stops their threads (the server does this on
    /// graceful shutdown; tests and commands call it directly).
    public func shutdown() async {
        await turnService.cacheWrites.drain()
        await postgres.close()
        await redis.close()
        try? await postgresThreads.shutdownGracefully()
        try? await redisThreads.shutdownGracefully()
        try? await httpClient.shutdown()
    }

    public func router() -> Router<JiriRequestContext> {
        let router = Router(context: JiriRequestContext.self)
        router.add(middleware: InFlightMiddleware())
        router.add(middleware: TraceMiddleware())
        router.add(middleware: ErrorMiddleware())

        let authenticator = Authenticator(keys: keys, jwt: jwt, allowAnonymous: allowAnonymous)
        HealthController(postgres: postgres, redis: redis, migrator: migrator).addRoutes(to: router)
        MetricsController(registry: JiriMetrics.registry, refresh: poolGauges).addRoutes(to: router)
        router.get("openapi.yaml") { _, _ in try OpenAPIDocument.response() }

        TurnController(
            service: turnService,
            rateLimiter: RateLimiter(perMinute: configuration.rateLimitPerMinute),
            maxBodyBytes: configuration.maxBodyBytes,
            maxUserTextCharacters: configuration.maxUserTextCharacters
        ).addRoutes(to: router.group().add(middleware: AuthMiddleware(authenticator: authenticator, scope: .turn)))
        HistoryController(transcripts: transcripts)
            .addRoutes(to: router.group().add(middleware: AuthMiddleware(authenticator: authenticator, scope: .history)))
        CatalogController(catalog: catalog)
            .addRoutes(to: router.group().add(middleware: AuthMiddleware(authenticator: authenticator, scope: .turn)))
        let operatorRoutes = router.group().add(middleware: AuthMiddleware(authenticator: authenticator, scope: .operator))
        let replay = StoredTurnReplay(pool: postgres, concurrency: ProcessInfo.processInfo.activeProcessorCount / 2)
        RulesController(rules: rules, reloader: rulesReloader, replay: replay, catalog: catalog)
            .addRoutes(to: operatorRoutes)
        SessionTurnsController(
            decisions: SessionTurnDecisions(pool: postgres),
            traces: DecisionTraceRebuilder(rules: rules, store: RulesetStore(pool: postgres))
        ).addRoutes(to: operatorRoutes)
        return router
    }

    public func application() -> some ApplicationProtocol {
        _ = JiriMetrics.registry
        return Application(
            router: router(),
            server: .http1LoneRequestsOnEventLoop(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "jiri"),
            // Shut down in reverse: the HTTP server drains first, then the turns' Redis writes
            // finish, then the pools close, then their threads stop.
            services: [
                ThreadPoolShutdown(pools: [postgresThreads, redisThreads], httpClient: httpClient), postgres, redis,
                CacheWritesDrain(writes: turnService.cacheWrites), rulesReloader,
            ],
            logger: logger
        )
    }

    /// Copies pool occupancy into gauges just before `/metrics` is read.
    private var poolGauges: @Sendable () -> Void {
        { [postgres, redis, transcripts] in
            let pg = postgres.statistics
            Gauge(label: "jiri_postgres_pool_connections", dimensions: [("state", "in_use")]).record(pg.inUse)
            Gauge(label: "jiri_postgres_pool_connections", dimensions: [("state", "idle")]).record(pg.idle)
            Gauge(label: "jiri_postgres_pool_waiting").record(pg.waiting)
            Gauge(label: "jiri_transcript_turns_waiting_to_commit").record(transcripts.turnsWaitingToCommit)
            let rs = redis.statistics
            Gauge(label: "jiri_redis_pool_connections", dimensions: [("state", "in_use")]).record(rs.inUse)
            Gauge(label: "jiri_redis_pool_connections", dimensions: [("state", "idle")]).record(rs.idle)
            Gauge(label: "jiri_redis_pool_waiting").record(rs.waiting)
            Gauge(label: "jiri_redis_pipelines_waiting").record(redis.pipelinesWaiting)
            // At least one: the scrape itself.
            Gauge(label: "jiri_http_requests_in_flight").record(RequestsInFlight.current)
        }
    }
}

/// Waits, at graceful shutdown, for the Redis writes that turns left running
/// behind their responses, so Redis closes only after them.
struct CacheWritesDrain: Service {
    let writes: CacheWriteBehind

    func run() async throws {
        try? await gracefulShutdown()
        await writes.drain()
    }
}

/// Stops the connection pools' threads once the server has shut down gracefully.
struct ThreadPoolShutdown: Service {
    let pools: [NIOThreadPool]
    let httpClient: HTTPClient

    func run() async throws {
        try? await gracefulShutdown()
        try? await httpClient.shutdown()
        for pool in pools {
            try? await pool.shutdownGracefully()
        }
    }
}
