import Catalog
import Understanding

/// Decides which intent an utterance asks for and with which slot values.
/// The dialogue asks it whenever the user says something that is not the
/// answer to a pending question.
public protocol IntentUnderstanding: Sendable {
    func understand(_ utterance: Utterance) async -> Understood
    /// The values said with their labels ("in the lecture-notes project") for an intent heard
    /// by its gist, which no phrasing read.
    func labelledValues(in text: String, for intent: IntentDefinition) -> [String: SlotValue]
}

/// What the user said, with what an understanding may use besides the words.
public struct Utterance: Sendable {
    public var text: String
    /// The user's time zone and the moment of the turn, for relative dates.
    public var context: MatchContext
    /// The session's last messages, oldest first.
    public var recent: [ContextMessage]
    /// Correlates log lines with the turn.
    public var turnID: String?

    public init(text: String, context: MatchContext, recent: [ContextMessage] = [], turnID: String? = nil) {
        self.text = text
        self.context = context
        self.recent = recent
        self.turnID = turnID
    }
}

/// An understanding's answer: the intent (or none) and how it was found.
public struct Understood: Sendable {
    /// Which path produced `match`.
    public enum Source: String, Sendable {
        /// The phrase matcher alone.
        case matcher
        /// The language model's tool call (or its choice of no tool).
        case llm
        /// The model failed or gave nothing usable, so the matcher answered.
        case llmFallback = "llm_fallback"
    }

    /// Nil when nothing fits well enough: the dialogue gives its fallback reply.
    public var match: IntentMatch?
    public var source: Source
    /// A short line for `debug.tool_trace` (`llm:nagz_CreateNagIntent 412ms`,
    /// `llm:timeout→matcher`); nil when the matcher answered on its own.
    public var trace: String?

    public init(match: IntentMatch?, source: Source, trace: String? = nil) {
        self.match = match
        self.source = source
        self.trace = trace
    }
}
