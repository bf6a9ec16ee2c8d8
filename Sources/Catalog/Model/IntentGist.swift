/// What an intent is about, as words that may come in any order: one word or phrase of every
/// group, and none of `unless` ("mood" and "trend" in "give me an emotional trend report from
/// the mood tracker"). Heard only when nothing else understood the utterance, for intents that
/// need no value (`gist` in an app's catalog file).
public struct IntentGist: Sendable, Hashable {
    /// Folded words or phrases ("mood", "past due"); `<app>` stands for the app's names.
    public var groups: [[String]]
    public var unless: [String]
    /// Heard only in a request to the app that its catch-all read ("CodingBridge, {message}"),
    /// never when nothing understood an utterance.
    public var addressedOnly: Bool

    public init(groups: [[String]], unless: [String] = [], addressedOnly: Bool = false) {
        self.groups = groups
        self.unless = unless
        self.addressedOnly = addressedOnly
    }
}
