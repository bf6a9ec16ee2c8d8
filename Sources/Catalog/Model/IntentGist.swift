/// What an intent is about, as words that may come in any order: one word or phrase of every
/// group, and none of `unless` ("mood" and "trend" in "give me an emotional trend report from
/// the mood tracker"). Heard only when nothing else understood the utterance, for intents that
/// need no value (`gist` in an app's catalog file).
public struct IntentGist: Sendable, Hashable {
    /// Folded words or phrases ("mood", "past due"); `<app>` stands for the app's names.
    public var groups: [[String]]
    public var unless: [String]

    public init(groups: [[String]], unless: [String] = []) {
        self.groups = groups
        self.unless = unless
    }
}
