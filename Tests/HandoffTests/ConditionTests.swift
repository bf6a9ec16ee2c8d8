import Testing

@testable import Handoff

/// Each operator and the combinators, through a one-trigger ruleset.
@Suite struct ConditionTests {
    func hands(_ when: String, _ facts: HandoffFacts) throws -> Bool {
        try Fixtures.engine(triggerWhen: when).decide(facts, rolloutKey: "k").handoff
    }

    let phone = HandoffFacts(utteranceText: "hi", deviceSurface: "phone")
    let homepod = HandoffFacts(utteranceText: "hi", deviceSurface: "homepod")

    @Test func eqComparesTextExactly() throws {
        #expect(try hands("{fact: device.surface, eq: phone}", phone))
        #expect(try !hands("{fact: device.surface, eq: phone}", homepod))
        #expect(try !hands("{fact: device.surface, eq: Phone}", phone))
    }

    @Test func eqComparesBooleansAndNumbers() throws {
        #expect(try hands("{fact: device.locked, eq: true}", HandoffFacts(utteranceText: "", deviceLocked: true)))
        #expect(try !hands("{fact: device.locked, eq: true}", HandoffFacts(utteranceText: "")))
        #expect(try hands("{fact: time.local_hour, eq: 7}", HandoffFacts(utteranceText: "", localHour: 7)))
    }

    @Test func eqNullTestsForAbsence() throws {
        #expect(try hands("{fact: intent.id, eq: null}", phone))
        #expect(try !hands("{fact: intent.id, eq: null}", HandoffFacts(utteranceText: "", intentID: "a.B")))
    }

    @Test func neIsTheOppositeOfEqIncludingAbsentFacts() throws {
        #expect(try hands("{fact: device.surface, ne: homepod}", phone))
        #expect(try !hands("{fact: device.surface, ne: homepod}", homepod))
        #expect(try hands("{fact: intent.status, ne: completed}", phone))
    }

    @Test func inMatchesAnyListedValue() throws {
        #expect(try hands("{fact: device.surface, in: [watch, homepod]}", homepod))
        #expect(try !hands("{fact: device.surface, in: [watch, homepod]}", phone))
        #expect(try hands("{fact: result.item_count, in: [null, 0]}", phone))
    }

    @Test func gteAndLteIncludeTheirBoundAndNeverMatchAnAbsentFact() throws {
        let eight = HandoffFacts(utteranceText: "", resultItemCount: 8)
        let seven = HandoffFacts(utteranceText: "", resultItemCount: 7)
        #expect(try hands("{fact: result.item_count, gte: 8}", eight))
        #expect(try !hands("{fact: result.item_count, gte: 8}", seven))
        #expect(try hands("{fact: result.item_count, lte: 7}", seven))
        #expect(try !hands("{fact: result.item_count, lte: 7}", eight))
        #expect(try !hands("{fact: result.item_count, gte: 0}", phone))
        #expect(try !hands("{fact: result.item_count, lte: 100}", phone))
    }

    @Test func matchesSearchesARegularExpression() throws {
        let when = #"{fact: intent.id, matches: "^codingbridge\\.(Open|Resume)"}"#
        #expect(try hands(when, HandoffFacts(utteranceText: "", intentID: "codingbridge.OpenProjectIntent")))
        #expect(try !hands(when, HandoffFacts(utteranceText: "", intentID: "codingbridge.CaptureIdeaIntent")))
        #expect(try !hands(when, phone))
        #expect(try hands(#"{fact: utterance.text, matches: "(?i)\\bflight\\s+\\d+"}"#,
                          HandoffFacts(utteranceText: "Track Flight 417")))
    }

    @Test func allNeedsEveryChild() throws {
        let when = "{all: [{fact: device.surface, eq: phone}, {fact: device.locked, eq: true}]}"
        #expect(try hands(when, HandoffFacts(utteranceText: "", deviceLocked: true)))
        #expect(try !hands(when, phone))
    }

    @Test func anyNeedsOneChild() throws {
        let when = "{any: [{fact: device.surface, eq: ipad}, {fact: device.locked, eq: true}]}"
        #expect(try hands(when, HandoffFacts(utteranceText: "", deviceLocked: true)))
        #expect(try hands(when, HandoffFacts(utteranceText: "", deviceSurface: "ipad")))
        #expect(try !hands(when, phone))
    }

    @Test func notNegates() throws {
        #expect(try hands("{not: {fact: device.surface, eq: homepod}}", phone))
        #expect(try !hands("{not: {fact: device.surface, eq: homepod}}", homepod))
    }

    @Test func combinatorsNest() throws {
        let when = """

                  all:
                    - any:
                        - {fact: intent.foreground, eq: true}
                        - {fact: result.item_count, gte: 5}
                    - not:
                        any:
                          - {fact: device.locked, eq: true}
                          - {fact: time.local_hour, lte: 6}
            """
        #expect(try hands(when, HandoffFacts(utteranceText: "", intentForeground: true)))
        #expect(try hands(when, HandoffFacts(utteranceText: "", resultItemCount: 9)))
        #expect(try !hands(when, HandoffFacts(utteranceText: "", intentForeground: true, deviceLocked: true)))
        #expect(try !hands(when, HandoffFacts(utteranceText: "", intentForeground: true, localHour: 3)))
        #expect(try !hands(when, phone))
    }

    @Test func aRuleWithoutWhenAlwaysMatches() throws {
        let ruleset = try Fixtures.ruleset("""
            trigger:
              - id: always
                description: every turn
            """)
        #expect(HandoffEngine(ruleset: ruleset).decide(phone, rolloutKey: "k").handoff)
    }
}
