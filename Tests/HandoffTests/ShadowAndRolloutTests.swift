import Testing

@testable import Handoff

@Suite struct ShadowAndRolloutTests {
    static func rollout(_ percent: String, by: String = "session") throws -> HandoffEngine {
        HandoffEngine(ruleset: try Fixtures.ruleset("""
            trigger:
              - id: experiment
                description: a rolled-out trigger
                rollout: {percent: \(percent), by: \(by)}
            """))
    }

    static let anything = HandoffFacts(utteranceText: "anything")

    @Test func aShadowRuleIsReportedButNeverDecides() throws {
        let engine = HandoffEngine(ruleset: try Fixtures.ruleset("""
            veto:
              - id: trial-veto
                description: would stop it
                mode: shadow
                when: {fact: device.locked, eq: true}
            trigger:
              - id: trial-trigger
                description: would hand off
                mode: shadow
                when: {fact: intent.status, eq: needs_confirmation}
              - id: locked-trial
                description: hands off when locked
                when: {fact: device.locked, eq: true}
            """))
        let confirming = engine.decide(HandoffFacts(utteranceText: "", intentStatus: "needs_confirmation"), rolloutKey: "k")
        #expect(!confirming.handoff)
        #expect(confirming.rule == nil)
        #expect(confirming.shadowMatches == ["trial-trigger"])

        let locked = engine.decide(HandoffFacts(utteranceText: "", deviceLocked: true), rolloutKey: "k")
        #expect(locked.handoff)
        #expect(locked.rule == "locked-trial")
        #expect(locked.shadowMatches == ["trial-veto"])
    }

    @Test func aShadowRuleAfterTheStageWinnerIsNotReported() throws {
        let engine = HandoffEngine(ruleset: try Fixtures.ruleset("""
            trigger:
              - id: first
                description: wins
              - id: late-trial
                description: comes too late
                mode: shadow
            """))
        #expect(engine.decide(Self.anything, rolloutKey: "k").shadowMatches == [])
    }

    @Test func zeroPercentNeverApplies() throws {
        let engine = try Self.rollout("0")
        #expect((0..<2000).allSatisfy { !engine.decide(Self.anything, rolloutKey: "key-\($0)").handoff })
    }

    @Test func hundredPercentAlwaysApplies() throws {
        let engine = try Self.rollout("100")
        #expect((0..<2000).allSatisfy { engine.decide(Self.anything, rolloutKey: "key-\($0)").handoff })
    }

    @Test func fiftyPercentReachesRoughlyHalfOfTheKeys() throws {
        let engine = try Self.rollout("50")
        let reached = (0..<10_000).count { engine.decide(Self.anything, rolloutKey: "session-\($0)").handoff }
        #expect((4_700...5_300).contains(reached))
    }

    @Test func aRolloutIsStickyPerKeyAcrossEnginesAndLoads() throws {
        let first = try Self.rollout("50")
        let second = try Self.rollout("50")
        for index in 0..<500 {
            let key = "session-\(index)"
            let answer = first.decide(Self.anything, rolloutKey: key).handoff
            #expect(first.decide(Self.anything, rolloutKey: key).handoff == answer)
            #expect(second.decide(Self.anything, rolloutKey: key).handoff == answer)
        }
    }

    @Test func raisingThePercentageOnlyAddsKeys() throws {
        let ten = try Self.rollout("10")
        let thirty = try Self.rollout("30")
        let keys = (0..<3000).map { "k\($0)" }
        let inTen = keys.filter { ten.decide(Self.anything, rolloutKey: $0).handoff }
        #expect(inTen.allSatisfy { thirty.decide(Self.anything, rolloutKey: $0).handoff })
    }

    @Test func aPrincipalRolloutFollowsThePrincipalAcrossSessions() throws {
        let engine = try Self.rollout("50", by: "principal")
        for user in 0..<200 {
            let answers = Set((0..<5).map { session in
                engine.decide(Self.anything, rollout: RolloutKeys(session: "s-\(user)-\(session)", principal: "user-\(user)")).handoff
            })
            #expect(answers.count == 1)
        }
    }

    @Test func rolloutHashingIsFNV1aSoBucketsSurviveRestartsAndReleases() {
        // The published FNV-1a 64 test vectors: Swift's own Hasher is seeded per process.
        #expect(StableHash.fnv1a("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar".utf8) == 0x8594_4171_f739_67e8)
    }
}
