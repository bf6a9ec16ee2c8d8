/// Everything the rules can see about one turn.
///
/// Stored with each turn so replay can re-decide it under another ruleset. The JSON keys are
/// the fact names the rules use (`"utterance.text"`, `"device.surface"`, …); absent facts are
/// omitted, and decoding fills anything missing with the defaults below, so facts stored
/// before a new fact existed still decode.
public struct HandoffFacts: Sendable, Hashable {
    /// `utterance.text`
    public var utteranceText: String
    /// `utterance.request`: the utterance without the words the user dictated into a free-text
    /// parameter (a prompt, a nag's description, an idea), so "remind Noah to open the windows"
    /// asks to open nothing. Nil when nothing was dictated: the request is the whole utterance.
    public var utteranceRequest: String?
    /// `intent.id`, e.g. `nagz.ListNagsIntent`
    public var intentID: String?
    /// `intent.app`
    public var intentApp: String?
    /// `intent.status`: completed | needs_value | needs_confirmation | failed | handed_off
    public var intentStatus: String?
    /// `intent.foreground`: the intent is declared `openAppWhenRun`
    public var intentForeground: Bool
    /// `intent.sensitive`: sensitive parameters or a payment
    public var intentSensitive: Bool
    /// `dialogue.reprompts`
    public var dialogueReprompts: Int
    /// `result.item_count`
    public var resultItemCount: Int?
    /// `result.error`
    public var resultError: String?
    /// `device.surface`: phone | ipad | mac | watch | carplay | homepod
    public var deviceSurface: String
    /// `device.locked`
    public var deviceLocked: Bool
    /// `device.can_continue_in_foreground` (App Intents' `systemContext.currentMode`), when known
    public var deviceCanContinueInForeground: Bool?
    /// `device.voice`
    public var deviceVoice: Bool
    /// `client`: shortcut | app_intent | ios_app | …
    public var client: String
    /// `user.declined_visual`: the user declined the screen, now or earlier in the session
    public var userDeclinedVisual: Bool
    /// `time.local_hour`, 0–23 in the user's time zone
    public var localHour: Int

    public init(
        utteranceText: String,
        utteranceRequest: String? = nil,
        intentID: String? = nil,
        intentApp: String? = nil,
        intentStatus: String? = nil,
        intentForeground: Bool = false,
        intentSensitive: Bool = false,
        dialogueReprompts: Int = 0,
        resultItemCount: Int? = nil,
        resultError: String? = nil,
        deviceSurface: String = "phone",
        deviceLocked: Bool = false,
        deviceCanContinueInForeground: Bool? = nil,
        deviceVoice: Bool = true,
        client: String = "shortcut",
        userDeclinedVisual: Bool = false,
        localHour: Int = 12
    ) {
        self.utteranceText = utteranceText
        self.utteranceRequest = utteranceRequest
        self.intentID = intentID
        self.intentApp = intentApp
        self.intentStatus = intentStatus
        self.intentForeground = intentForeground
        self.intentSensitive = intentSensitive
        self.dialogueReprompts = dialogueReprompts
        self.resultItemCount = resultItemCount
        self.resultError = resultError
        self.deviceSurface = deviceSurface
        self.deviceLocked = deviceLocked
        self.deviceCanContinueInForeground = deviceCanContinueInForeground
        self.deviceVoice = deviceVoice
        self.client = client
        self.userDeclinedVisual = userDeclinedVisual
        self.localHour = localHour
    }

    /// Whether the stored facts hold `fact`: the request only when it differs from the
    /// utterance, so a turn with nothing dictated stores its text once.
    func stores(_ fact: HandoffFact) -> Bool {
        fact != .utteranceRequest || utteranceRequest != nil
    }

    /// The value of one fact, by its rule name.
    public subscript(fact: HandoffFact) -> FactValue {
        fact.value(in: self)
    }
}

extension HandoffFacts: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HandoffFact.self)
        self.init(utteranceText: "")
        for fact in HandoffFact.allCases {
            guard let value = try container.decodeIfPresent(FactValue.self, forKey: fact) else { continue }
            guard fact.assign(value, to: &self) else {
                throw DecodingError.typeMismatch(
                    FactValue.self,
                    .init(codingPath: container.codingPath + [fact],
                          debugDescription: "\(fact.name) must be \(fact.kind.rawValue), not \(value)")
                )
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HandoffFact.self)
        for fact in HandoffFact.allCases where stores(fact) {
            let value = fact.value(in: self)
            if value != .null {
                try container.encode(value, forKey: fact)
            }
        }
    }
}
