/// An utterance read once into a ruleset's word ids, so that a turn asking both whether the
/// user declines the visual and what the rules decide scans the utterance once.
/// Valid only with the ruleset that made it (`Ruleset.scan(_:)`).
public struct UtteranceScan: Sendable {
    let wordIDs: [Int32]
}
