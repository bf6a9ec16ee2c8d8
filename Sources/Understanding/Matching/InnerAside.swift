/// Words set off by two pauses inside a request that say more about it without being part of
/// it: "mark the homework nag, the one for my stats course, as complete", "open, like, a new
/// Oppi chat". Tried only when nothing reads the request as said, and only for a request that
/// takes no free text (a prompt or a note keeps every word said).
enum InnerAside {
    /// The longest aside, in tokens.
    private static let reach = 8
    /// The readings tried, at most: each costs a match.
    private static let most = 3

    /// The tokens without each aside between two pauses, the first aside first.
    static func readings(_ tokens: [Token]) -> [[Token]] {
        let pauses = tokens.indices.dropFirst().filter { !tokens[$0].flags.isDisjoint(with: .breaks) }
        var readings: [[Token]] = []
        for (open, close) in zip(pauses, pauses.dropFirst()) where close - open <= reach && readings.count < most {
            var without = tokens
            without.removeSubrange(open..<close)
            without[open].flags.subtract(.breaks)
            readings.append(without)
        }
        return readings
    }
}
