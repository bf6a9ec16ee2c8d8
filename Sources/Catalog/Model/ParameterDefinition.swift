/// One parameter of an intent (an App Intents `@Parameter`).
public struct ParameterDefinition: Sendable, Hashable {
    public var name: String
    public var type: ParameterType
    public var required: Bool
    /// The default the app applies when the user gives no value, in catalog spelling
    /// (`"15"`, `"medium"`). Understanding never fills it in: slots hold what was said.
    public var defaultValue: String?
    /// The question to ask when the value is missing (`requestValueDialog`).
    public var prompt: String?
    /// What a good answer is, said before the question again when the user asks what it wants
    /// ("who can I pick?", "what do you need from me?").
    public var hint: String?
    /// Never read back or logged (nag descriptions, notes).
    public var sensitive: Bool
    /// The title the app shows for the parameter.
    public var title: String?
    /// Free-text parameters of the same intent whose words may name this enum's case
    /// ("remind Emma to do her homework" gives `category: homework`).
    public var inferFrom: [String]

    public init(
        name: String,
        type: ParameterType,
        required: Bool = false,
        defaultValue: String? = nil,
        prompt: String? = nil,
        hint: String? = nil,
        sensitive: Bool = false,
        title: String? = nil,
        inferFrom: [String] = []
    ) {
        self.name = name
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.prompt = prompt
        self.hint = hint
        self.sensitive = sensitive
        self.title = title
        self.inferFrom = inferFrom
    }

    /// Whether the parameter holds free text (a prompt, a title, a query).
    public var takesText: Bool {
        if case .string = type { true } else { false }
    }
}
