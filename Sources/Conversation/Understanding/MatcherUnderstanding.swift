import Catalog
import Understanding

/// The rule-based matcher on its own: deterministic, in microseconds, no
/// network. What Jiri uses unless an LLM is configured.
public struct MatcherUnderstanding: IntentUnderstanding {
    public let matcher: IntentMatcher

    public init(matcher: IntentMatcher) {
        self.matcher = matcher
    }

    public func labelledValues(in text: String, for intent: IntentDefinition) -> [String: SlotValue] {
        matcher.labelledValues(in: text, for: intent)
    }

    public func understand(_ utterance: Utterance) async -> Understood {
        Understood(match: matcher.match(utterance.text, context: utterance.context), source: .matcher)
    }
}
