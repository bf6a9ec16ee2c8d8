/// One App Intent an app exposes, and so one tool Jiri can call.
public struct IntentDefinition: Sendable, Hashable {
    /// `<app>.<SwiftTypeName>`, e.g. `nagz.CreateNagIntent`.
    public var id: String
    /// The owning app's `name`.
    public var app: String
    /// The Swift type name, e.g. `CreateNagIntent`.
    public var typeName: String
    public var title: String
    public var description: String
    public var parameters: [ParameterDefinition]
    /// App Shortcut phrases exactly as written in Swift: `"Ask \(.applicationName) \(\.$prompt)"`.
    public var phrases: [String]
    /// Jiri's own phrasings in pattern syntax (see `PhrasePattern`).
    public var utterances: [String]
    /// Words that ask for the intent when they are all that is said ("nag", "overdue?",
    /// `<app>` for any of the app's names); Jiri then asks for what it needs.
    public var saidAlone: [String]
    /// Words that ask for the intent in any order, when nothing else understood the utterance.
    public var gist: IntentGist?
    /// `openAppWhenRun`, or the intent supports only the foreground: running it hands off to the app.
    public var opensApp: Bool
    /// `background`, `foreground`.
    public var supportedModes: [String]
    /// Roles allowed to run the intent; `nil` means every role.
    public var allowedRoles: [String]?
    /// Costly or destructive: the user confirms before it runs.
    public var confirm: Bool
    /// Spoken sentences by key (`success`, `empty`, error keys) with `{name}` placeholders.
    public var dialogs: [String: String]
    /// What the connector does, e.g. `nagz.create_nag`.
    public var operation: String?
    /// Names the connector may fill into dialogs besides the parameters (`count`, `summary`).
    public var resultFields: [String]
    /// Where the definition was read from, for diagnostics.
    public var source: SourceLocation?

    public init(
        id: String,
        app: String,
        typeName: String,
        title: String,
        description: String = "",
        parameters: [ParameterDefinition] = [],
        phrases: [String] = [],
        utterances: [String] = [],
        saidAlone: [String] = [],
        gist: IntentGist? = nil,
        opensApp: Bool = false,
        supportedModes: [String] = [],
        allowedRoles: [String]? = nil,
        confirm: Bool = false,
        dialogs: [String: String] = [:],
        operation: String? = nil,
        resultFields: [String] = [],
        source: SourceLocation? = nil
    ) {
        self.id = id
        self.app = app
        self.typeName = typeName
        self.title = title
        self.description = description
        self.parameters = parameters
        self.phrases = phrases
        self.utterances = utterances
        self.saidAlone = saidAlone
        self.gist = gist
        self.opensApp = opensApp
        self.supportedModes = supportedModes
        self.allowedRoles = allowedRoles
        self.confirm = confirm
        self.dialogs = dialogs
        self.operation = operation
        self.resultFields = resultFields
        self.source = source
    }

    public func parameter(named name: String) -> ParameterDefinition? {
        parameters.first { $0.name == name }
    }

    /// The tool name used in the JSON-Schema export: `nagz_CreateNagIntent`.
    /// Function names may not contain dots; app names never contain `_`.
    public var toolName: String { "\(app)_\(typeName)" }
}
