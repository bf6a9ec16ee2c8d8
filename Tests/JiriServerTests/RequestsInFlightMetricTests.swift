import HummingbirdTesting
import Testing

@Suite struct RequestsInFlightMetricTests {
    /// The scrape is itself a request in flight; nothing else runs in this test.
    @Test func metricsCountTheRequestsBeingServed() async throws {
        try await TestHarness.withApp { http, _ in
            let metrics = String(buffer: try await http.execute(uri: "/metrics", method: .get).body)
            let line = metrics.split(separator: "\n").first { $0.hasPrefix("jiri_http_requests_in_flight ") }
            #expect(line == "jiri_http_requests_in_flight 1.0")
        }
    }
}
