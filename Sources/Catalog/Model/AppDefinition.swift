/// One app and everything Jiri knows about it: its spoken names, how to reach it,
/// and the intents it exposes.
public struct AppDefinition: Sendable, Hashable {
    /// Lower-case identifier, the prefix of its intent ids: `nagz`.
    public var name: String
    /// How the app writes its name: `Nagz`.
    public var displayName: String
    /// Ways a user or a transcriber says the name: `nag z`, `naggs`.
    public var aliases: [String]
    /// Every way the app is named: its name, display name and aliases.
    public var spokenNames: [String] { [name, displayName] + aliases }
    public var urlScheme: String?
    public var connector: ConnectorDefinition
    /// Family or account roles the app knows; `allowedRoles` of its intents come from these.
    public var roles: [String]
    public var entities: [EntityDefinition]
    public var enums: [EnumDefinition]
    /// App-wide spoken errors by key: `unreachable`, `not_permitted`, `not_logged_in`, ...
    public var errorDialogs: [String: String]
    /// Reusable pattern fragments, referenced as `<name>` in utterances.
    public var rules: [String: String]
    public var intents: [IntentDefinition]
    /// The intent a request moved here from another app becomes ("do that in CodingBridge
    /// instead" while Jiri asks about a prompt for Oppi); its first text parameter gets the
    /// request's text. Nil: requests are not moved to this app.
    public var takesOverRequests: String?
    public var source: SourceLocation?

    public init(
        name: String,
        displayName: String,
        aliases: [String] = [],
        urlScheme: String? = nil,
        connector: ConnectorDefinition = ConnectorDefinition(kind: .none),
        roles: [String] = [],
        entities: [EntityDefinition] = [],
        enums: [EnumDefinition] = [],
        errorDialogs: [String: String] = [:],
        rules: [String: String] = [:],
        intents: [IntentDefinition] = [],
        takesOverRequests: String? = nil,
        source: SourceLocation? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.aliases = aliases
        self.urlScheme = urlScheme
        self.connector = connector
        self.roles = roles
        self.entities = entities
        self.enums = enums
        self.errorDialogs = errorDialogs
        self.rules = rules
        self.intents = intents
        self.takesOverRequests = takesOverRequests
        self.source = source
    }

    public func enumeration(named name: String) -> EnumDefinition? {
        enums.first { $0.name == name }
    }

    public func entity(named name: String) -> EntityDefinition? {
        entities.first { $0.name == name }
    }
}

/// How Jiri runs an app's intents.
public struct ConnectorDefinition: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Jiri calls the app's own backend.
        case http
        /// The device runs the intent: Jiri returns it as a client action.
        case client
        /// Not executable from Jiri.
        case none
    }

    public var kind: Kind
    /// Environment variable holding the backend's base URL (http only).
    public var baseURLEnv: String?
    /// Environment variable holding the bearer token (http only).
    public var tokenEnv: String?

    public init(kind: Kind, baseURLEnv: String? = nil, tokenEnv: String? = nil) {
        self.kind = kind
        self.baseURLEnv = baseURLEnv
        self.tokenEnv = tokenEnv
    }
}
