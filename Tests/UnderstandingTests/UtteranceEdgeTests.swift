import Testing
import Understanding

/// What happens at the edges of an utterance: an app named there, and the
/// sign-offs trimmed there.
@Suite struct UtteranceEdgeTests {
    @Test func anAppNamedFirstWithItsPrepositionStandsInForAPhraseEndingInIt() {
        // The pattern ends "... in <app>"; the user put "in CodingBridge" first.
        let match = understand("in codingbridge find websocket retries")
        #expect(match?.intent.id == "codingbridge.SearchSessionsIntent")
        #expect(match?.slots["query"] == .text("websocket retries"))
    }

    @Test func aPrepositionBeforeTheAppIsStillReadWhereTheUserSaidIt() {
        let match = understand("find websocket retries in codingbridge")
        #expect(match?.intent.id == "codingbridge.SearchSessionsIntent")
        #expect(match?.slots["query"] == .text("websocket retries"))
    }

    @Test func aPrepositionBeforeAPatternsAppIsNotOptionalWithoutAnAppAtTheEdge() {
        // "in <app>" may move to the edge, but the pattern's own words still count:
        // without the app named anywhere, "find X" alone is no search request.
        #expect(understand("find websocket retries") == nil)
    }

    @Test func aSignOffWordAfterAPrepositionIsItsObject() {
        let match = understand("show git status for jiri")
        #expect(match?.intent.id == "codingbridge.GitStatusIntent")
        #expect(match?.slots["project"] == .entity("jiri"))
    }

    @Test func nowAfterAPrepositionIsStillASignOff() {
        let match = understand("snooze my homework nag for now")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == nil)
    }
}
