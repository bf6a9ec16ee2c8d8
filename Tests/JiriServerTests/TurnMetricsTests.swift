import Foundation
import HummingbirdTesting
import JiriAPI
import Testing

@Suite struct TurnMetricsTests {
    /// The value of the first sample whose line starts with `prefix` and holds every label.
    private static func sample(_ metrics: String, _ prefix: String, labels: [String]) -> Double {
        let line = metrics.split(separator: "\n").first { line in
            line.hasPrefix(prefix) && labels.allSatisfy { line.contains($0) }
        }
        return line.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) } ?? 0
    }

    @Test func answeredTurnsAreCountedByIntentHandoffAndModeAndTimed() async throws {
        try await TestHarness.withApp { http, _ in
            func metrics() async throws -> String {
                String(buffer: try await http.execute(uri: "/metrics", method: .get).body)
            }
            let id = TestHarness.newSessionID()
            let key = UUID().uuidString
            let response = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key]).decoded(TurnResponse.self)
            let intent = try #require(response.intent?.id)
            let labels = ["intent=\"\(intent)\"", "handoff=\"\(response.handoffToApp)\"", "mode=\"\(response.debug.mode)\""]
            let before = try await metrics()
            // A repeat is answered from the stored response and counted with its labels.
            _ = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key])
            _ = try await http.turn("Add a happy mood in MoodBoard", session: id, extra: ["turn_id": key])
            let after = try await metrics()
            #expect(Self.sample(after, "jiri_turns_total{", labels: labels) >= Self.sample(before, "jiri_turns_total{", labels: labels) + 2)
            let answered = ["outcome=\"answered\""]
            #expect(Self.sample(after, "jiri_turn_duration_seconds_count{", labels: answered)
                >= Self.sample(before, "jiri_turn_duration_seconds_count{", labels: answered) + 2)
        }
    }
}
