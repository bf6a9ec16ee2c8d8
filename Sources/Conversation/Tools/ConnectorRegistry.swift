import Catalog

/// The connector that runs each app's intents, chosen from the catalog's
/// connector kind and the deployment's configuration.
public struct ConnectorRegistry: Sendable {
    private var byApp: [String: any ToolConnector]

    public init(_ byApp: [String: any ToolConnector] = [:]) {
        self.byApp = byApp
    }

    public func connector(for app: AppDefinition) -> any ToolConnector {
        if let connector = byApp[app.name] { return connector }
        switch app.connector.kind {
        case .client: return ClientActionConnector()
        case .http, .none: return UnavailableConnector()
        }
    }

    public mutating func register(_ connector: any ToolConnector, for app: String) {
        byApp[app] = connector
    }
}
