import Foundation

/// The answer to `POST /turn`. Every field of the original contract is always
/// present (`deep_link_url` as an explicit `null`), because the shipped iOS
/// client rejects a response without them.
public struct TurnResponse: Sendable, Hashable, Codable {
    public var sessionID: String
    public var replyText: String
    public var endConversation: Bool
    public var handoffToApp: Bool
    public var deepLinkURL: String?
    public var debug: Debug
    // Jiri's additions.
    public var turnID: String
    public var expectsReply: Bool
    public var intent: IntentInfo?
    public var handoff: HandoffInfo?
    public var actions: [ClientAction]

    public init(
        sessionID: String,
        replyText: String,
        endConversation: Bool = false,
        handoffToApp: Bool = false,
        deepLinkURL: String? = nil,
        debug: Debug,
        turnID: String,
        expectsReply: Bool = false,
        intent: IntentInfo? = nil,
        handoff: HandoffInfo? = nil,
        actions: [ClientAction] = []
    ) {
        self.sessionID = sessionID
        self.replyText = replyText
        self.endConversation = endConversation
        self.handoffToApp = handoffToApp
        self.deepLinkURL = deepLinkURL
        self.debug = debug
        self.turnID = turnID
        self.expectsReply = expectsReply
        self.intent = intent
        self.handoff = handoff
        self.actions = actions
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case replyText = "reply_text"
        case endConversation = "end_conversation"
        case handoffToApp = "handoff_to_app"
        case deepLinkURL = "deep_link_url"
        case debug
        case turnID = "turn_id"
        case expectsReply = "expects_reply"
        case intent, handoff, actions
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sessionID = try container.decode(String.self, forKey: .sessionID)
        replyText = try container.decode(String.self, forKey: .replyText)
        endConversation = try container.decode(Bool.self, forKey: .endConversation)
        handoffToApp = try container.decodeIfPresent(Bool.self, forKey: .handoffToApp) ?? false
        deepLinkURL = try container.decodeIfPresent(String.self, forKey: .deepLinkURL)
        debug = try container.decodeIfPresent(Debug.self, forKey: .debug) ?? Debug(mode: "unknown")
        turnID = try container.decodeIfPresent(String.self, forKey: .turnID) ?? ""
        expectsReply = try container.decodeIfPresent(Bool.self, forKey: .expectsReply) ?? false
        intent = try container.decodeIfPresent(IntentInfo.self, forKey: .intent)
        handoff = try container.decodeIfPresent(HandoffInfo.self, forKey: .handoff)
        actions = try container.decodeIfPresent([ClientAction].self, forKey: .actions) ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(replyText, forKey: .replyText)
        try container.encode(endConversation, forKey: .endConversation)
        try container.encode(handoffToApp, forKey: .handoffToApp)
        try container.encode(deepLinkURL, forKey: .deepLinkURL)
        try container.encode(debug, forKey: .debug)
        try container.encode(turnID, forKey: .turnID)
        try container.encode(expectsReply, forKey: .expectsReply)
        try container.encode(intent, forKey: .intent)
        try container.encode(handoff, forKey: .handoff)
        try container.encode(actions, forKey: .actions)
    }

    public struct Debug: Sendable, Hashable, Codable {
        public var toolTrace: [String]
        public var latencyMs: Int
        /// Which path answered: `intent`, `dialogue`, `handoff`, `fallback`, `goodbye`, `llm`, `replay`.
        public var mode: String

        public init(toolTrace: [String] = [], latencyMs: Int = 0, mode: String) {
            self.toolTrace = toolTrace
            self.latencyMs = latencyMs
            self.mode = mode
        }

        enum CodingKeys: String, CodingKey {
            case toolTrace = "tool_trace"
            case latencyMs = "latency_ms"
            case mode
        }
    }
}

/// The intent Jiri understood and how far it got.
public struct IntentInfo: Sendable, Hashable, Codable {
    public var id: String
    public var app: String
    /// `completed`, `needs_value`, `needs_confirmation`, `failed`, `handed_off`.
    public var status: String
    public var slots: [String: JSONValue]

    public init(id: String, app: String, status: String, slots: [String: JSONValue] = [:]) {
        self.id = id
        self.app = app
        self.status = status
        self.slots = slots
    }
}

/// Why the conversation did or did not move to the phone app.
public struct HandoffInfo: Sendable, Hashable, Codable {
    public var rule: String?
    public var stage: String?
    public var reason: String?
    public var rulesetRevision: String
    public var mode: String?
    public var delivery: String?

    public init(rule: String?, stage: String?, reason: String?, rulesetRevision: String, mode: String?, delivery: String? = nil) {
        self.rule = rule
        self.stage = stage
        self.reason = reason
        self.rulesetRevision = rulesetRevision
        self.mode = mode
        self.delivery = delivery
    }

    enum CodingKeys: String, CodingKey {
        case rule, stage, reason, mode, delivery
        case rulesetRevision = "ruleset_revision"
    }
}

/// An intent the device runs itself (apps with no server, like MoodBoard).
public struct ClientAction: Sendable, Hashable, Codable {
    /// Always `run_intent` for now.
    public var type: String
    public var app: String
    public var intent: String
    public var parameters: [String: JSONValue]

    public init(type: String = "run_intent", app: String, intent: String, parameters: [String: JSONValue]) {
        self.type = type
        self.app = app
        self.intent = intent
        self.parameters = parameters
    }
}
