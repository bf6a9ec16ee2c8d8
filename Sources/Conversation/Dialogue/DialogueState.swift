import Understanding

/// What the conversation remembers between turns: a question Jiri asked and
/// is waiting on, what the user said about the screen, recent context.
/// Stored as JSON in Redis and Postgres (`sessions.state`).
public struct DialogueState: Sendable, Hashable, Codable {
    public var pending: PendingIntent?
    /// The user said "just tell me" / "don't open anything" in this session.
    public var declinedVisual: Bool
    /// The last intent that ran, for corrections ("no, for Sam").
    public var lastIntent: PendingIntent?
    /// The last few exchanged messages, newest last, for context.
    public var recent: [ContextMessage]
    /// A request left unanswered for another ("never mind, what's overdue?" while Jiri asked
    /// who a nag is for), to go back to ("ok, back to Mia's nag").
    public var setAside: PendingIntent?

    public init(
        pending: PendingIntent? = nil, declinedVisual: Bool = false, lastIntent: PendingIntent? = nil,
        recent: [ContextMessage] = [], setAside: PendingIntent? = nil
    ) {
        self.pending = pending
        self.declinedVisual = declinedVisual
        self.lastIntent = lastIntent
        self.recent = recent
        self.setAside = setAside
    }

    /// The question Jiri waits on is left for another request; it can be gone back to.
    mutating func setPendingAside() {
        setAside = pending ?? setAside
        pending = nil
    }

    /// A request set aside and then made again from the start has nothing left to go back to:
    /// "where were we?" must not reopen it. Another request of the same intent (a nag for Leo
    /// while Mia's waits) keeps it.
    mutating func forgetSetAside(redoneAs ran: PendingIntent) {
        guard let aside = setAside, aside.intentID == ran.intentID,
              aside.slots.allSatisfy({ ran.slots[$0.key] == $0.value }) else { return }
        setAside = nil
    }

    /// Two exchanges: what the LLM orchestrator sends as context. The whole
    /// transcript is in Postgres; the state is decoded and encoded every turn.
    public static let recentLimit = 4

    public mutating func remember(user: String, assistant: String) {
        recent.append(ContextMessage(role: "user", content: user))
        recent.append(ContextMessage(role: "assistant", content: assistant))
        if recent.count > Self.recentLimit {
            recent.removeFirst(recent.count - Self.recentLimit)
        }
    }
}

/// An intent waiting on the user: a missing parameter or a confirmation.
public struct PendingIntent: Sendable, Hashable, Codable {
    public var intentID: String
    public var slots: [String: SlotValue]
    /// The parameter Jiri asked for, when waiting on a value.
    public var awaiting: String?
    /// Waiting on a yes/no before a costly or destructive action.
    public var awaitingConfirmation: Bool
    /// How many times the same question was asked again.
    public var reprompts: Int

    public init(intentID: String, slots: [String: SlotValue], awaiting: String? = nil, awaitingConfirmation: Bool = false, reprompts: Int = 0) {
        self.intentID = intentID
        self.slots = slots
        self.awaiting = awaiting
        self.awaitingConfirmation = awaitingConfirmation
        self.reprompts = reprompts
    }
}

public struct ContextMessage: Sendable, Hashable, Codable {
    public var role: String
    public var content: String
}
