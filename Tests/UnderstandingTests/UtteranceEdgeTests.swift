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

    /// Words to the listener that are never a request's value are trimmed at the end with no pause.
    @Test(arguments: [
        ("nagz snooze that nag ten minutes bro", "nagz.SnoozeNagIntent"),
        ("oppi start a new session for stall-roster can or not", "oppi.OpenNewSessionIntent"),
        ("moodboard put me as sad so it is", "moodboard.AddMoodIntent"),
        ("nagz got anything overdue or not ah", "nagz.CheckOverdueIntent"),
    ])
    func aWordToTheListenerSaidLastIsTrimmed(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    /// "there" said last after a name is no part of it.
    @Test func thereSaidLastIsNoPartOfTheName() {
        #expect(understand("put in an appointments nag for ciaran there nagz")?.slots["recipient"] == .entity("ciaran"))
    }

    /// "where was I" opens an utterance as a lead-in only before a pause; alone, or with what it
    /// is about, it asks to resume a chat.
    @Test func whereWasIBeforeAPauseIsALeadIn() {
        let text = "Nagz, been on the road since Tuesday, uh, hang on, truck's passin'... where was I, right, anything overdue I missed?"
        #expect(understand(text)?.intent.id == "nagz.CheckOverdueIntent")
        #expect(understand("uh, where was I, right, so the scale at Blue River was closed again") == nil)
        #expect(understand("where was I")?.intent.id == "codingbridge.ResumeSessionIntent")
        #expect(understand("where was I in CodingBridge yesterday? pick it back up")?.intent.id == "codingbridge.ResumeSessionIntent")
    }
}
