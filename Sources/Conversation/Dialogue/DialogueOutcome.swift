import JiriAPI
import Understanding

/// What the dialogue decided for one utterance, before the handoff rules.
struct DialogueOutcome: Sendable {
    var replyText: String
    var mode: String
    var intent: IntentInfo?
    var foreground = false
    /// Jiri is asking for a sensitive value (a payment detail, a private note) by voice.
    var sensitive = false
    var endConversation = false
    var expectsReply = false
    var reprompts = 0
    var itemCount: Int?
    var toolError: String?
    var actions: [ClientAction] = []
    var toolTrace: [String] = []
    var state: DialogueState
    /// What the user dictated into the intent's free-text parameters (a prompt, a nag's
    /// description) or said to someone else (see `Asides`): words the handoff rules read as
    /// content, not as a request.
    var dictated: [String] = []
}
