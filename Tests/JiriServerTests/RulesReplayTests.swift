import Foundation
import Handoff
import Testing

/// Replay in memory: what it counts, that parallel batches count the same as one task, and how
/// fast it decodes and decides.
@Suite struct RulesReplayTests {
    /// A turn stored as a live turn stores it: `user.declined_visual` set from the utterance,
    /// and the decision `engine` makes.
    static func turn(_ id: String, _ facts: HandoffFacts, decidedBy engine: HandoffEngine, session: String? = nil) throws -> ReplayTurn {
        let session = session ?? "s-\(id)"
        var facts = facts
        facts.userDeclinedVisual = facts.userDeclinedVisual || engine.ruleset.declinesVisual(facts.utteranceText)
        let decision = engine.decide(facts, rolloutKey: session)
        return ReplayTurn(
            turnID: id, sessionID: session, factsJSON: String(decoding: try JSONEncoder().encode(facts), as: UTF8.self),
            stored: StoredHandoff(handoff: decision.handoff, rule: decision.rule, revision: engine.ruleset.revision)
        )
    }

    @Test func raisingOneThresholdFlipsExactlyTheTurnsThatRuleDecided() async throws {
        let current = HandoffEngine(ruleset: try RulesFixtures.defaultRuleset())
        let candidate = try RulesFixtures.candidate(revision: "raise-lists", [RulesFixtures.longListsFromTwenty])
        var turns: [ReplayTurn] = []
        for index in 0..<10 {  // long-result-list today, below the new threshold
            turns.append(try Self.turn("mid-\(index)", HandoffFacts(utteranceText: "what is due", resultItemCount: 12), decidedBy: current))
        }
        for index in 0..<3 {  // still long enough
            turns.append(try Self.turn("long-\(index)", HandoffFacts(utteranceText: "what is due", resultItemCount: 25), decidedBy: current))
        }
        for index in 0..<5 {  // another trigger decides first
            turns.append(try Self.turn("show-\(index)", HandoffFacts(utteranceText: "show me what is due", resultItemCount: 12), decidedBy: current))
        }
        try #require(turns.allSatisfy { $0.stored.handoff })

        let report = try await Self.report(RulesReplay(candidate: candidate), turns)

        #expect(report.turns == 18)
        #expect(report.handoffsBefore == 18)
        #expect(report.handoffsAfter == 8)
        #expect(report.flips == 10 && report.flipsToVoice == 10 && report.flipsToHandoff == 0)
        #expect(report.ruleChanges == 0)
        let flip = try #require(report.changes.first)
        #expect(report.changes.count == 1)
        #expect(flip.fromRule == "long-result-list" && flip.toRule == nil && flip.count == 10)
        #expect(flip.exampleTurns.count == ReplayTally.examplesKept && flip.exampleTurns.allSatisfy { $0.hasPrefix("mid-") })
        let lists = try #require(report.rules.first { $0.rule == "long-result-list" })
        #expect((lists.decidedBefore, lists.decidedAfter, lists.flipsFrom, lists.flipsTo) == (13, 3, 10, 0))
        let visual = try #require(report.rules.first { $0.rule == "visual-request" })
        #expect((visual.decidedBefore, visual.decidedAfter) == (5, 5))
    }

    @Test func theSameRulesetReplaysWithoutChanges() throws {
        let ruleset = try RulesFixtures.defaultRuleset()
        let engine = HandoffEngine(ruleset: ruleset)
        let turns = try Self.mixedFacts(count: 2_000).enumerated().map { try Self.turn("t\($0)", $1, decidedBy: engine) }
        let tally = RulesReplay(candidate: ruleset).tally(turns)
        #expect(tally.turns == 2_000)
        #expect(tally.handoffsBefore == tally.handoffsAfter)
        #expect(tally.handoffsBefore > 0 && tally.handoffsBefore < 2_000)
        let report = ReplayReport(tally: tally, candidate: ruleset, since: nil, elapsed: .zero)
        #expect(report.changes.isEmpty)
    }

    @Test func theCandidatesDeclinedVisualPhrasesApplyToStoredUtterances() throws {
        let current = HandoffEngine(ruleset: try RulesFixtures.defaultRuleset())
        let candidate = try RulesFixtures.candidate(revision: "skip-screen", [("    - keep it on voice\n", "    - keep it on voice\n    - skip the screen\n")])
        let turn = try Self.turn("t1", HandoffFacts(utteranceText: "show me my nags, skip the screen"), decidedBy: current)
        try #require(turn.stored.rule == "visual-request")
        let report = ReplayReport(tally: RulesReplay(candidate: candidate).tally([turn]), candidate: candidate, since: nil, elapsed: .zero)
        #expect(report.flips == 1)
        #expect(report.changes.first?.toRule == "user-declined-visual")
    }

    @Test func parallelBatchesCountTheSameAsOneTask() async throws {
        let current = HandoffEngine(ruleset: try RulesFixtures.defaultRuleset())
        let candidate = try RulesFixtures.candidate(revision: "parallel", [
            RulesFixtures.longListsFromTwenty,
            ("  visual: [show me, open,", "  visual: [show me,"),
        ])
        let turns = try Self.mixedFacts(count: 5_000).enumerated().map { try Self.turn("t\($0)", $1, decidedBy: current) }
        let serial = ReplayReport(tally: RulesReplay(candidate: candidate).tally(turns), candidate: candidate, since: nil, elapsed: .zero)
        let parallel = try await Self.report(RulesReplay(candidate: candidate, batchSize: 64, concurrency: 4), turns)
        #expect(serial.flips > 0)
        #expect(parallel.turns == serial.turns)
        #expect(parallel.handoffsAfter == serial.handoffsAfter)
        #expect(Set(parallel.changes.map { [$0.fromRule, $0.toRule, "\($0.count)"] }) == Set(serial.changes.map { [$0.fromRule, $0.toRule, "\($0.count)"] }))
        #expect(parallel.rules == serial.rules)
    }

    @Test func unreadableFactsAreCountedAndSkipped() throws {
        let ruleset = try RulesFixtures.defaultRuleset()
        let broken = ReplayTurn(turnID: "bad", sessionID: "s", factsJSON: #"{"device.locked": "yes"}"#,
                                stored: StoredHandoff(handoff: false, rule: nil, revision: "r"))
        let good = try Self.turn("good", HandoffFacts(utteranceText: "hi"), decidedBy: HandoffEngine(ruleset: ruleset))
        let report = ReplayReport(tally: RulesReplay(candidate: ruleset).tally([broken, good]), candidate: ruleset, since: nil, elapsed: .zero)
        #expect(report.turns == 1 && report.undecodable == 1)
        #expect(report.undecodableExamples.first?.hasPrefix("bad: ") == true)
        #expect(report.text.contains("could not be read"))
    }

    @Test func theReportNamesEveryFlipAndEncodesWithSnakeCaseKeys() throws {
        let current = HandoffEngine(ruleset: try RulesFixtures.defaultRuleset())
        let candidate = try RulesFixtures.candidate(revision: "text", [RulesFixtures.longListsFromTwenty])
        let turn = try Self.turn("t-12", HandoffFacts(utteranceText: "what is due", resultItemCount: 12), decidedBy: current)
        let report = ReplayReport(tally: RulesReplay(candidate: candidate).tally([turn]), candidate: candidate, since: nil, elapsed: .seconds(1))
        #expect(report.text.contains("FLIP  long-result-list [handoff] → (no rule) [voice]"))
        #expect(report.text.contains("t-12"))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json["flips_to_voice"] as? Int == 1)
        #expect(json["handoff_rate_after"] as? Double == 0)
        #expect((json["changes"] as? [[String: Any]])?.first?["from_rule"] as? String == "long-result-list")
    }

    @Test func aWindowIsADurationOrADate() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try ReplayWindow.start("7d", now: now) == now.addingTimeInterval(-7 * 86_400))
        #expect(try ReplayWindow.start("36h", now: now) == now.addingTimeInterval(-36 * 3_600))
        #expect(try ReplayWindow.start("90m", now: now) == now.addingTimeInterval(-90 * 60))
        #expect(try ReplayWindow.start("2026-05-01T10:00:00Z") == Date(timeIntervalSince1970: 1_777_629_600))
        #expect(try ReplayWindow.start("2026-05-01") == Date(timeIntervalSince1970: 1_777_593_600))
        #expect(throws: ReplayWindowError.self) { try ReplayWindow.start("a week") }
        #expect(throws: ReplayWindowError.self) { try ReplayWindow.start("-3d") }
    }

    /// Decodes and decides stored-looking turns with every core, as `jiri rules replay` does
    /// after reading them. Prints turns per second; the target for the whole replay, reading from
    /// Postgres included, is 1M turns in ≤ 10 s. Asserts only the counts (timing varies too much
    /// on a shared machine and in debug builds).
    @Test func measureReplayThroughputInMemory() async throws {
        let ruleset = try RulesFixtures.defaultRuleset()
        let engine = HandoffEngine(ruleset: ruleset)
        let distinct = try Self.mixedFacts(count: 1_000).enumerated().map { try Self.turn("t\($0)", $1, decidedBy: engine) }
        let count = 300_000
        let report = try await RulesReplay(candidate: ruleset).run { emit in
            for index in 0..<count {
                try await emit(distinct[index % distinct.count])
            }
        }
        print(String(format: "replay in memory: %.0f turns/s (%d turns in %.2f s)", report.turnsPerSecond, report.turns, report.elapsedSeconds))
        #expect(report.turns == count)
        #expect(report.changes.isEmpty)
    }

    // MARK: Helpers

    static func report(_ replay: RulesReplay, _ turns: [ReplayTurn]) async throws -> ReplayReport {
        try await replay.run { emit in
            for turn in turns {
                try await emit(turn)
            }
        }
    }

    /// A deterministic mix of utterances, surfaces, intents, lists and re-prompts.
    static func mixedFacts(count: Int) -> [HandoffFacts] {
        let texts = [
            "show me my nags for today", "tell me a joke", "Snooze my nag for 30 minutes", "open the shopping list",
            "what is on my calendar tomorrow", "book a table for two at 7", "read them out please",
            "review my preview of the bookclub notes", "Zeig mir die Einkäufe, café ☕️",
        ]
        let surfaces = ["phone", "phone", "phone", "homepod", "watch", "carplay", "ipad"]
        return (0..<count).map { index in
            HandoffFacts(
                utteranceText: texts[index % texts.count],
                intentID: index % 2 == 0 ? "nagz.ListNagsIntent" : nil,
                intentApp: index % 2 == 0 ? "nagz" : nil,
                intentStatus: index % 2 == 0 ? "completed" : nil,
                intentForeground: index % 11 == 0,
                intentSensitive: index % 19 == 0,
                dialogueReprompts: index % 4,
                resultItemCount: index % 5 == 0 ? index % 30 : nil,
                deviceSurface: surfaces[index % surfaces.count],
                deviceLocked: index % 17 == 0,
                deviceCanContinueInForeground: index % 13 == 0 ? false : nil,
                client: ["shortcut", "app_intent", "ios_app"][index % 3],
                userDeclinedVisual: index % 23 == 0,
                localHour: index % 24
            )
        }
    }
}
