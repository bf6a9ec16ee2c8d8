import Foundation
import HummingbirdTesting
import JiriAPI
import Testing

@Suite struct ConcurrencyTests {
    /// Forty turns of one session at once: each is answered or refused with
    /// 409, and the history holds exactly the answered ones, alternating.
    @Test func concurrentTurnsOfOneSessionNeverInterleave() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let statuses = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let text = "tell me joke \(index)"
                        let response = try await http.turn(text, session: id)
                        return (Int(response.status.code), text + "|" + String(buffer: response.body))
                    }
                }
                var all: [(Int, String)] = []
                for try await result in group { all.append(result) }
                return all
            }
            #expect(statuses.allSatisfy { $0.0 == 200 || $0.0 == 409 })
            let answered = Set(statuses.filter { $0.0 == 200 }.map { String($0.1.split(separator: "|")[0]) })
            #expect(!answered.isEmpty)
            let history = try await http.history(id, query: "?limit=500").decoded(SessionHistory.self)
            #expect(history.messages.count == answered.count * 2)
            for (index, message) in history.messages.enumerated() {
                #expect(message.role == (index.isMultiple(of: 2) ? "user" : "assistant"))
            }
            let users = Set(history.messages.filter { $0.role == "user" }.map(\.content))
            let lost = answered.subtracting(users).map { text in statuses.first { $0.1.hasPrefix(text + "|") }?.1 ?? text }
            #expect(lost.isEmpty, "answered with 200 but not in the history: \(lost)")
            #expect(users == answered)
        }
    }
}
