/// The facts a rule can test, by the name operators write in the rules file.
///
/// The raw value is the fact's name in rules, test cases and stored facts JSON.
public enum HandoffFact: String, CaseIterable, Sendable, Codable, CodingKey {
    case utteranceText = "utterance.text"
    case utteranceRequest = "utterance.request"
    case intentID = "intent.id"
    case intentApp = "intent.app"
    case intentStatus = "intent.status"
    case intentForeground = "intent.foreground"
    case intentSensitive = "intent.sensitive"
    case dialogueReprompts = "dialogue.reprompts"
    case resultItemCount = "result.item_count"
    case resultError = "result.error"
    case deviceSurface = "device.surface"
    case deviceLocked = "device.locked"
    case deviceCanContinueInForeground = "device.can_continue_in_foreground"
    case deviceVoice = "device.voice"
    case client = "client"
    case userDeclinedVisual = "user.declined_visual"
    case localHour = "time.local_hour"

    /// What kind of value a fact holds.
    public enum Kind: String, Sendable {
        case text
        case integer
        case boolean

        /// How messages name a value of this kind.
        public var article: String {
            switch self {
            case .text: "text"
            case .integer: "a whole number"
            case .boolean: "true or false"
            }
        }
    }

    public var name: String { rawValue }

    public var kind: Kind {
        switch self {
        case .utteranceText, .utteranceRequest, .intentID, .intentApp, .intentStatus, .resultError, .deviceSurface,
             .client:
            .text
        case .dialogueReprompts, .resultItemCount, .localHour:
            .integer
        case .intentForeground, .intentSensitive, .deviceLocked, .deviceCanContinueInForeground, .deviceVoice,
             .userDeclinedVisual:
            .boolean
        }
    }

    /// Whether the fact can be absent (`null`).
    public var isOptional: Bool {
        switch self {
        case .intentID, .intentApp, .intentStatus, .resultItemCount, .resultError, .deviceCanContinueInForeground:
            true
        default:
            false
        }
    }

    /// The closed set of values a text fact takes, when there is one; a rule comparing
    /// against anything else is almost certainly a typo, and the linter says so.
    public var knownValues: [String]? {
        switch self {
        case .intentStatus: ["completed", "needs_value", "needs_confirmation", "failed", "handed_off"]
        case .deviceSurface: ["phone", "ipad", "mac", "watch", "carplay", "homepod"]
        default: nil
        }
    }

    /// Looks a fact up by the name operators write.
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// The fact's value in `facts`.
    public func value(in facts: HandoffFacts) -> FactValue {
        switch kind {
        case .text: text(in: facts).map(FactValue.text) ?? .null
        case .integer: integer(in: facts).map(FactValue.integer) ?? .null
        case .boolean: boolean(in: facts).map(FactValue.boolean) ?? .null
        }
    }

    /// Whether `value` has the fact's type (`null` only for optional facts).
    public func accepts(_ value: FactValue) -> Bool {
        switch (kind, value) {
        case (.text, .text), (.integer, .integer), (.boolean, .boolean): true
        case (_, .null): isOptional
        default: false
        }
    }

    /// Parses an operator-typed value: `null` (optional facts only), `true`/`false`, a whole
    /// number, or text, as the fact's kind requires; nil when it does not fit.
    public func value(parsing text: String) -> FactValue? {
        if text == "null" {
            return isOptional ? .null : nil
        }
        switch kind {
        case .text: return .text(text)
        case .integer: return Int(text).map(FactValue.integer)
        case .boolean:
            switch text.lowercased() {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: return nil
            }
        }
    }

    /// Sets the fact in `facts`; `false` (and no change) when the value has the wrong type.
    @discardableResult
    public func assign(_ value: FactValue, to facts: inout HandoffFacts) -> Bool {
        guard accepts(value) else { return false }
        switch (self, value) {
        case (.utteranceText, .text(let text)): facts.utteranceText = text
        case (.utteranceRequest, .text(let text)): facts.utteranceRequest = text
        case (.intentID, _): facts.intentID = value.textValue
        case (.intentApp, _): facts.intentApp = value.textValue
        case (.intentStatus, _): facts.intentStatus = value.textValue
        case (.intentForeground, .boolean(let flag)): facts.intentForeground = flag
        case (.intentSensitive, .boolean(let flag)): facts.intentSensitive = flag
        case (.dialogueReprompts, .integer(let count)): facts.dialogueReprompts = count
        case (.resultItemCount, _): facts.resultItemCount = value.integerValue
        case (.resultError, _): facts.resultError = value.textValue
        case (.deviceSurface, .text(let surface)): facts.deviceSurface = surface
        case (.deviceLocked, .boolean(let flag)): facts.deviceLocked = flag
        case (.deviceCanContinueInForeground, _): facts.deviceCanContinueInForeground = value.booleanValue
        case (.deviceVoice, .boolean(let flag)): facts.deviceVoice = flag
        case (.client, .text(let client)): facts.client = client
        case (.userDeclinedVisual, .boolean(let flag)): facts.userDeclinedVisual = flag
        case (.localHour, .integer(let hour)): facts.localHour = hour
        default: return false
        }
        return true
    }

    // MARK: Typed reads for compiled conditions (a jump on the fact; no closure, no copy)

    func text(in facts: HandoffFacts) -> String? {
        switch self {
        case .utteranceText: facts.utteranceText
        case .utteranceRequest: facts.utteranceRequest ?? facts.utteranceText
        case .intentID: facts.intentID
        case .intentApp: facts.intentApp
        case .intentStatus: facts.intentStatus
        case .resultError: facts.resultError
        case .deviceSurface: facts.deviceSurface
        case .client: facts.client
        default: nil
        }
    }

    func integer(in facts: HandoffFacts) -> Int? {
        switch self {
        case .dialogueReprompts: facts.dialogueReprompts
        case .resultItemCount: facts.resultItemCount
        case .localHour: facts.localHour
        default: nil
        }
    }

    func boolean(in facts: HandoffFacts) -> Bool? {
        switch self {
        case .intentForeground: facts.intentForeground
        case .intentSensitive: facts.intentSensitive
        case .deviceLocked: facts.deviceLocked
        case .deviceCanContinueInForeground: facts.deviceCanContinueInForeground
        case .deviceVoice: facts.deviceVoice
        case .userDeclinedVisual: facts.userDeclinedVisual
        default: nil
        }
    }
}

extension FactValue {
    var textValue: String? {
        if case .text(let value) = self { value } else { nil }
    }

    var integerValue: Int? {
        if case .integer(let value) = self { value } else { nil }
    }

    var booleanValue: Bool? {
        if case .boolean(let value) = self { value } else { nil }
    }
}
