/// Polls `condition` every few milliseconds until it holds; throws
/// ``WaitTimedOut`` if it does not within `limit`, so a test that waits for a
/// state it never reaches fails instead of hanging.
public func waitUntil(
    within limit: Duration = .seconds(10),
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(limit: limit) }
        try await Task.sleep(for: .milliseconds(2))
    }
}

public struct WaitTimedOut: Error, CustomStringConvertible {
    public let limit: Duration
    public var description: String { "the condition did not hold within \(limit)" }
}
