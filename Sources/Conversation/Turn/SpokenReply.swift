import Handoff

/// What the assistant says and what its transcript message keeps, once the
/// handoff rules have decided. A handoff or a veto may add its spoken suffix
/// ("I've sent it to your phone."); a request nothing here can answer but the
/// app can gets "Let's do that in the app." instead of the fallback reply.
struct SpokenReply: Equatable {
    /// The assistant message stored in the history.
    var stored: String
    /// What the voice client speaks.
    var spoken: String

    static let continueInApp = "Let's do that in the app."

    init(stored: String, spoken: String) {
        self.stored = stored
        self.spoken = spoken
    }

    init(reply: String, mode: String, decision: HandoffDecision?) {
        guard let decision, decision.handoff || decision.stage == "veto" else {
            self.init(stored: reply, spoken: reply)
            return
        }
        let suffix = decision.spokenSuffix.flatMap { $0.isEmpty ? nil : $0 }
        var stored = reply
        if mode == "fallback" {
            if decision.handoff {
                stored = Self.continueInApp
            } else if let suffix {
                self.init(stored: suffix, spoken: suffix)
                return
            }
        }
        guard let suffix else {
            self.init(stored: stored, spoken: stored)
            return
        }
        let spoken = stored.isEmpty ? suffix : stored + " " + suffix
        self.init(stored: stored.isEmpty ? spoken : stored, spoken: spoken)
    }
}
