import Foundation
import JiriAPI

/// Whether one turn hands off to the phone app, which rule decided, and how.
///
/// Stored with the turn (without `spokenSuffix` in the history); the wire response's `handoff`
/// object is `rule`, `stage`, `reason`, `rulesetRevision` and `mode`.
public struct HandoffDecision: Sendable, Codable, Hashable {
    public var handoff: Bool
    /// The deciding rule: the trigger, or the veto that overrode a trigger. Nil when no trigger
    /// matched.
    public var rule: String?
    /// The deciding rule's stage: `veto` or `trigger`.
    public var stage: String?
    public var reason: String?
    public var rulesetRevision: String
    /// The deciding rule's mode (`enforce`; shadow rules never decide).
    public var mode: String?
    /// `open_now`, `after_unlock` or `send_to_phone` when handing off.
    public var delivery: String?
    /// Appended to the spoken reply only, never stored in the history.
    public var spokenSuffix: String?
    /// The deep link with facts filled in and `{session_id}` still to fill: see `deepLinkURL(sessionID:)`.
    public var deepLinkTemplate: String?
    /// Shadow rules that would have won their stage: they never change the outcome.
    public var shadowMatches: [String]
    /// The first matching veto, even when it had nothing to override.
    public var vetoRule: String?
    /// The first matching trigger, even when a veto overrode it.
    public var triggerRule: String?
    /// The delivery rule that picked `delivery`; nil when none matched (then `open_now`).
    public var deliveryRule: String?
    /// Explain only: every rule of every stage, with each condition's fact value and result.
    public var trace: DecisionTrace? {
        get { traceBox?.trace }
        set { traceBox = newValue.map(TraceBox.init) }
    }

    /// The trace lives behind a reference so that a decision stays small to move around on the
    /// hot path, where it has no trace.
    private var traceBox: TraceBox?

    private enum CodingKeys: String, CodingKey {
        case handoff, rule, stage, reason, rulesetRevision, mode, delivery, spokenSuffix, deepLinkTemplate
        case shadowMatches, vetoRule, triggerRule, deliveryRule
        case traceBox = "trace"
    }

    public init(
        handoff: Bool, rule: String? = nil, stage: String? = nil, reason: String? = nil,
        rulesetRevision: String, mode: String? = nil, delivery: String? = nil, spokenSuffix: String? = nil,
        deepLinkTemplate: String? = nil, shadowMatches: [String] = [], vetoRule: String? = nil,
        triggerRule: String? = nil, deliveryRule: String? = nil, trace: DecisionTrace? = nil
    ) {
        self.handoff = handoff
        self.rule = rule
        self.stage = stage
        self.reason = reason
        self.rulesetRevision = rulesetRevision
        self.mode = mode
        self.delivery = delivery
        self.spokenSuffix = spokenSuffix
        self.deepLinkTemplate = deepLinkTemplate
        self.shadowMatches = shadowMatches
        self.vetoRule = vetoRule
        self.triggerRule = triggerRule
        self.deliveryRule = deliveryRule
        self.traceBox = trace.map(TraceBox.init)
    }

    /// The deep link for the session, e.g. `jiri://continue?session_id=abc%20123`; nil when not
    /// handing off. The session id is percent-encoded.
    public func deepLinkURL(sessionID: String) -> String? {
        guard let deepLinkTemplate else { return nil }
        return deepLinkTemplate.replacingUTF8(DeepLinkTemplate.sessionIDPlaceholder, with: PercentEncoding.encode(sessionID))
    }

    /// The decision without its trace: what `decide` returns for the same facts.
    public var withoutTrace: HandoffDecision {
        var decision = self
        decision.trace = nil
        return decision
    }
}

private final class TraceBox: Sendable, Hashable, Codable {
    let trace: DecisionTrace

    init(_ trace: DecisionTrace) {
        self.trace = trace
    }

    init(from decoder: any Decoder) throws {
        trace = try DecisionTrace(from: decoder)
    }

    func encode(to encoder: any Encoder) throws {
        try trace.encode(to: encoder)
    }

    static func == (lhs: TraceBox, rhs: TraceBox) -> Bool {
        lhs.trace == rhs.trace
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(trace)
    }
}
