import AsyncHTTPClient
import Catalog
import Foundation
import Logging

extension ConnectorRegistry {
    /// An `http` connector for every catalog app whose `base_url_env` variable
    /// is set and has an implementation here (Nagz, Oppi), with the bearer
    /// token from its `token_env` variable. An app left out stays unreachable:
    /// its intents answer with the app's error dialog, never a pretend success.
    ///
    /// `JIRI_CONNECTOR_BUDGET_MS` sets the time one tool execution may spend
    /// on a backend (default 3000, the most a voice turn can wait);
    /// `NAGZ_FAMILY_ID` picks the Nagz family.
    public static func fromEnvironment(_ env: [String: String], catalog: Catalog, httpClient: HTTPClient) -> ConnectorRegistry {
        let logger = Logger(label: "jiri.connectors")
        let budget = connectorBudget(env, logger: logger)
        var registry = ConnectorRegistry()
        for app in catalog.apps where app.connector.kind == .http {
            guard let variable = app.connector.baseURLEnv, let baseURL = env[variable]?.trimmingCharacters(in: .whitespaces), !baseURL.isEmpty else {
                logger.notice("connector not configured; its intents will answer that the app is unreachable", metadata: ["app": "\(app.name)"])
                continue
            }
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil else {
                logger.error("connector base URL is not an http(s) URL; the app stays unreachable", metadata: ["app": "\(app.name)", "variable": "\(variable)"])
                continue
            }
            let token = app.connector.tokenEnv.flatMap { env[$0] }
            let client = HTTPConnectorClient(
                configuration: .init(baseURL: baseURL, token: token, budget: budget),
                httpClient: httpClient,
                logger: Logger(label: "jiri.connector.\(app.name)")
            )
            switch app.name {
            case "nagz":
                registry.register(NagzConnector(client: client, familyID: env["NAGZ_FAMILY_ID"]), for: app.name)
            case "oppi":
                registry.register(OppiConnector(client: client), for: app.name)
            default:
                logger.error("no http connector is implemented for this app; it stays unreachable", metadata: ["app": "\(app.name)"])
            }
        }
        return registry
    }

    private static func connectorBudget(_ env: [String: String], logger: Logger) -> Duration {
        guard let text = env["JIRI_CONNECTOR_BUDGET_MS"] else { return HTTPConnectorClient.Configuration.defaultBudget }
        guard let milliseconds = Int(text), (50...30_000).contains(milliseconds) else {
            logger.error("JIRI_CONNECTOR_BUDGET_MS must be 50...30000 milliseconds; using the default", metadata: ["value": "\(text)"])
            return HTTPConnectorClient.Configuration.defaultBudget
        }
        return .milliseconds(milliseconds)
    }
}
