import Testing

@testable import Handoff

@Suite struct DeepLinkTests {
    func decision(template: String, facts: HandoffFacts = HandoffFacts(utteranceText: "")) throws -> HandoffDecision {
        let engine = HandoffEngine(ruleset: try Fixtures.ruleset("""
            deep_links:
              probe: "\(template)"
            trigger:
              - id: always
                description: hands off
                deep_link: probe
            """))
        return engine.decide(facts, rolloutKey: "k")
    }

    @Test func theSessionIDIsPercentEncoded() throws {
        let link = try decision(template: "jiri://continue?session_id={session_id}")
        #expect(link.deepLinkURL(sessionID: "a b&c=d/é") == "jiri://continue?session_id=a%20b%26c%3Dd%2F%C3%A9")
        #expect(link.deepLinkURL(sessionID: "Abc-123_x.y~z") == "jiri://continue?session_id=Abc-123_x.y~z")
    }

    @Test func factPlaceholdersAreFilledAtDecisionTimeAndEncoded() throws {
        let facts = HandoffFacts(utteranceText: "", intentID: "nagz.List&Nags", deviceSurface: "ipad")
        let link = try decision(template: "jiri://continue?session_id={session_id}&intent={intent.id}&on={device.surface}",
                                facts: facts)
        #expect(link.deepLinkTemplate == "jiri://continue?session_id={session_id}&intent=nagz.List%26Nags&on=ipad")
        #expect(link.deepLinkURL(sessionID: "s1") == "jiri://continue?session_id=s1&intent=nagz.List%26Nags&on=ipad")
    }

    @Test func anAbsentFactFillsNothing() throws {
        let link = try decision(template: "jiri://continue?session_id={session_id}&intent={intent.id}")
        #expect(link.deepLinkURL(sessionID: "s") == "jiri://continue?session_id=s&intent=")
    }

    @Test func aFactValueCannotInjectTheSessionPlaceholder() throws {
        let facts = HandoffFacts(utteranceText: "", intentID: "{session_id}")
        let link = try decision(template: "jiri://continue?session_id={session_id}&intent={intent.id}", facts: facts)
        #expect(link.deepLinkURL(sessionID: "s") == "jiri://continue?session_id=s&intent=%7Bsession_id%7D")
    }
}
