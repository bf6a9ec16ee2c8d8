import Foundation
import JiriAPI
import Testing

/// A request no phrasing reads, heard by the words of its intent's gist, over HTTP with the real
/// stores: the values said with their labels go with it.
@Suite struct GistTurnTests {
    @Test func aRequestHeardByItsGistKeepsTheValueSaidWithItsLabel() async throws {
        try await TestHarness.withApp { http, _ in
            let turn = try await http.decodedTurn("any uncommitted stuff knocking about in the billing-api project, git wise",
                                                  session: TestHarness.newSessionID())
            #expect(turn.intent?.id == "codingbridge.GitStatusIntent")
            #expect(turn.intent?.slots["project"] == .string("billing-api"))
            #expect(turn.debug.toolTrace.first == "gist:codingbridge.GitStatusIntent")
        }
    }
}
