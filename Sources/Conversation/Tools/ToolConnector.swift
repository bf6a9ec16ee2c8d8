import Catalog
import JiriAPI
import Understanding

/// Runs an intent against the app that owns it.
public protocol ToolConnector: Sendable {
    func execute(_ invocation: ToolInvocation) async -> ToolOutcome
}

/// One call of one intent with its filled slots.
public struct ToolInvocation: Sendable {
    public var intent: IntentDefinition
    public var app: AppDefinition
    public var slots: [String: SlotValue]
    public var principal: Principal
    public var context: MatchContext
    /// Stable per turn: connectors pass it on as an idempotency key where the
    /// app's API takes one, so a retried turn never acts twice.
    public var turnID: String

    public init(intent: IntentDefinition, app: AppDefinition, slots: [String: SlotValue], principal: Principal, context: MatchContext, turnID: String) {
        self.intent = intent
        self.app = app
        self.slots = slots
        self.principal = principal
        self.context = context
        self.turnID = turnID
    }
}

/// What running a tool produced.
public struct ToolOutcome: Sendable {
    public enum Status: String, Sendable {
        case completed, failed
        /// The tool needs something from the user first (e.g. which of two Emmas).
        case needsValue = "needs_value"
    }

    public var status: Status
    public var replyText: String
    public var itemCount: Int?
    /// A short machine-readable error (`unreachable`, `not_permitted`, ...).
    public var error: String?
    public var actions: [ClientAction]
    /// What happened, for `debug.tool_trace`.
    public var trace: [String]
    /// When `needsValue`: the parameter to ask for.
    public var askFor: String?

    public init(status: Status, replyText: String, itemCount: Int? = nil, error: String? = nil, actions: [ClientAction] = [], trace: [String] = [], askFor: String? = nil) {
        self.status = status
        self.replyText = replyText
        self.itemCount = itemCount
        self.error = error
        self.actions = actions
        self.trace = trace
        self.askFor = askFor
    }

    /// The app's own spoken error, e.g. "I can't reach Nagz right now."
    public static func failure(_ app: AppDefinition, error: String, trace: [String]) -> ToolOutcome {
        let text = app.errorDialogs[error] ?? app.errorDialogs["unreachable"] ?? "I can't reach \(app.displayName) right now."
        return ToolOutcome(status: .failed, replyText: text, error: error, trace: trace)
    }
}
