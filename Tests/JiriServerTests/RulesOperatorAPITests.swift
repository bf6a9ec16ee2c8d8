import Foundation
import HTTPTypes
import HummingbirdTesting
import JiriAPI
import JiriServer
import NIOCore
import Storage
import Testing

/// The operator API against real Postgres and Redis: scope, rules, evaluate, replay over turns
/// made through `POST /turn`, a session's decisions, and the per-rule counters.
@Suite(.serialized) struct RulesOperatorAPITests {
    static let endpoints: [(HTTPRequest.Method, String)] = [
        (.get, "/admin/rules"), (.post, "/admin/rules/evaluate"), (.post, "/admin/rules/replay"),
        (.get, "/admin/sessions/t-none/turns"),
    ]

    /// An app on a scratch database that requires keys, and an operator key for it.
    static func withOperatorApp(
        _ body: @Sendable (any TestClientProtocol, JiriComponents, HTTPFields, RulesScratchDatabase) async throws -> Void
    ) async throws {
        try await RulesScratchDatabase.with { database in
            var configuration = database.configuration()
            configuration.allowAnonymous = false
            try await TestHarness.withApp(configuration) { http, components in
                let key = try await components.keys.create(principal: "ops-\(UUID().uuidString.prefix(6))", scopes: ["operator", "turn"])
                try await body(http, components, .bearer(key.token), database)
            }
        }
    }

    @Test func theOperatorEndpointsNeedTheOperatorScope() async throws {
        try await Self.withOperatorApp { http, components, operatorKey, _ in
            let turnKey = try await components.keys.create(principal: "user-\(UUID().uuidString.prefix(6))", scopes: ["turn", "history"])
            for (method, path) in Self.endpoints {
                let anonymous = try await http.execute(uri: path, method: method, body: ByteBuffer(string: "{}"))
                #expect(anonymous.status == .unauthorized, "\(path)")
                let forbidden = try await http.execute(uri: path, method: method, headers: .bearer(turnKey.token), body: ByteBuffer(string: "{}"))
                #expect(forbidden.status == .forbidden, "\(path)")
                #expect(forbidden.errorCode == "forbidden")
            }
            let allowed = try await http.execute(uri: "/admin/rules", method: .get, headers: operatorKey)
            #expect(allowed.status == .ok)
        }
    }

    @Test func anonymousAccessNeverReachesTheOperatorEndpoints() async throws {
        try await TestHarness.withApp { http, _ in
            let response = try await http.execute(uri: "/admin/rules", method: .get)
            #expect(response.status == .forbidden)
        }
    }

    @Test func getRulesShowsTheServedRevisionWhereItCameFromAndItsRules() async throws {
        try await Self.withOperatorApp { http, components, key, database in
            let file = try await http.execute(uri: "/admin/rules", method: .get, headers: key).json
            #expect(file["revision"] as? String == components.rules.revision)
            #expect(file["origin"] as? String == "file")
            let published = try RulesFixtures.candidate(revision: RulesFixtures.uniqueRevision("api"))
            _ = try await database.store.publish(published, actor: "alice")
            try await RulesReloadTests.eventually { components.rules.revision == published.revision }

            let rules = try await http.execute(uri: "/admin/rules", method: .get, headers: key).json
            #expect(rules["revision"] as? String == published.revision)
            #expect(rules["origin"] as? String == "published")
            #expect(rules["activated_by"] as? String == "alice")
            #expect(rules["source"] as? String == published.text)
            let listed = try #require(rules["rules"] as? [[String: Any]])
            #expect(listed.compactMap { $0["id"] as? String } == published.rules.map(\.id))
            let shadow = try #require(listed.first { $0["mode"] as? String == "shadow" })
            #expect(shadow["stage"] as? String == "trigger")
        }
    }

    @Test func evaluateReturnsTheDecisionAndItsTrace() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            let body = #"{"text": "show me my nags", "device": "HomePod mini", "intent": "nagz.ListNagsIntent", "facts": {"result.item_count": 3}}"#
            let response = try await http.execute(uri: "/admin/rules/evaluate", method: .post, headers: key, body: ByteBuffer(string: body))
            #expect(response.status == .ok)
            let decision = try #require(response.json["decision"] as? [String: Any])
            #expect(decision["handoff"] as? Bool == false)
            #expect(decision["rule"] as? String == "screenless-surface")
            #expect(decision["trigger_rule"] as? String == "visual-request")
            let trace = try #require(decision["trace"] as? [String: Any])
            let facts = try #require(trace["facts"] as? [String: Any])
            #expect(facts["device.surface"] as? String == "homepod")
            #expect(facts["intent.app"] as? String == "nagz")
            #expect(facts["result.item_count"] as? Int == 3)
            let stages = try #require(trace["stages"] as? [[String: Any]])
            #expect(stages.map { $0["stage"] as? String } == ["veto", "trigger", "delivery"])
            let visual = try #require((stages[1]["rules"] as? [[String: Any]])?.first { $0["id"] as? String == "visual-request" })
            #expect(visual["matched"] as? Bool == true)
            let seeing = ((visual["condition"] as? [String: Any])?["children"] as? [[String: Any]])?.first
            #expect(seeing?["matched_phrase"] as? String == "show me")
            #expect((response.json["explanation"] as? String)?.contains("veto over trigger visual-request") == true)
        }
    }

    @Test func evaluateCanUseACandidateInsteadOfTheActiveRules() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            let candidate = try RulesFixtures.candidateText(revision: "eval-candidate", [RulesFixtures.longListsFromTwenty])
            let payload = try JSONSerialization.data(withJSONObject: ["text": "what is due", "facts": ["result.item_count": 12], "candidate": candidate])
            let active = try await http.execute(uri: "/admin/rules/evaluate", method: .post, headers: key,
                                                body: ByteBuffer(string: #"{"text": "what is due", "facts": {"result.item_count": 12}}"#))
            #expect((active.json["decision"] as? [String: Any])?["rule"] as? String == "long-result-list")
            let dryRun = try await http.execute(uri: "/admin/rules/evaluate", method: .post, headers: key, body: ByteBuffer(data: payload))
            let decision = try #require(dryRun.json["decision"] as? [String: Any])
            #expect(decision["handoff"] as? Bool == false)
            #expect(decision["ruleset_revision"] as? String == "eval-candidate")
        }
    }

    @Test func evaluateRefusesUnknownFactsAndFactsOfTheWrongKind() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            let unknown = try await http.execute(uri: "/admin/rules/evaluate", method: .post, headers: key,
                                                 body: ByteBuffer(string: #"{"facts": {"device.colour": "red"}}"#))
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.errorCode == "unknown_fact")
            let wrongKind = try await http.execute(uri: "/admin/rules/evaluate", method: .post, headers: key,
                                                   body: ByteBuffer(string: #"{"facts": {"device.locked": "yes"}}"#))
            #expect(wrongKind.errorCode == "invalid_fact")
        }
    }

    @Test func replayCountsTheFlipsACandidateMakesOnTurnsMadeThroughTheAPI() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            var flipped: [String] = []
            for _ in 0..<3 {
                let turn = try await Self.turn(http, "show me my calendar", key: key)
                try #require(turn.handoff?.rule == "visual-request")
                flipped.append(turn.turnID)
            }
            for _ in 0..<2 {
                let turn = try await Self.turn(http, "open my calendar", key: key)
                try #require(turn.handoff?.rule == "visual-request")
            }
            // The candidate no longer treats "show me" as a request to see something.
            let candidate = try RulesFixtures.candidateText(revision: "no-show-me",
                                                            [("visual: [show me, open,", "visual: [open,"), ("seeing: [show me,", "seeing: [")])
            let response = try await http.execute(uri: "/admin/rules/replay?since=1h", method: .post,
                                                  headers: key, body: ByteBuffer(string: candidate))
            #expect(response.status == .ok)
            let report = response.json
            #expect(report["candidate_revision"] as? String == "no-show-me")
            #expect(report["turns"] as? Int == 5)
            #expect(report["flips"] as? Int == 3)
            #expect(report["flips_to_voice"] as? Int == 3)
            #expect(report["handoffs_before"] as? Int == 5 && report["handoffs_after"] as? Int == 2)
            let changes = try #require(report["changes"] as? [[String: Any]])
            #expect(changes.count == 1)
            #expect(changes.first?["from_rule"] as? String == "visual-request")
            let examples = Set(changes.first?["example_turns"] as? [String] ?? [])
            #expect(!examples.isEmpty && examples.isSubset(of: Set(flipped)))
            let visual = try #require((report["rules"] as? [[String: Any]])?.first { $0["rule"] as? String == "visual-request" })
            #expect(visual["decided_before"] as? Int == 5 && visual["decided_after"] as? Int == 2 && visual["flips_from"] as? Int == 3)
        }
    }

    @Test func replayRefusesACandidateThatDoesNotLoadWithItsProblems() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            let broken = try RulesFixtures.candidateText(revision: "broken", [("eq: true}", "equals: true}")])
            let response = try await http.execute(uri: "/admin/rules/replay", method: .post, headers: key, body: ByteBuffer(string: broken))
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "invalid_ruleset")
            let problems = try #require((response.json["error"] as? [String: Any])?["problems"] as? [[String: Any]])
            #expect(problems.first?["message"] as? String != nil)
            #expect((problems.first?["line"] as? Int ?? 0) > 0)
            let badWindow = try await http.execute(uri: "/admin/rules/replay?since=soon", method: .post, headers: key,
                                                   body: ByteBuffer(string: try RulesFixtures.defaultText()))
            #expect(badWindow.errorCode == "invalid_since")
        }
    }

    @Test func aSessionsTurnsShowTheirDecisionsWithTraces() async throws {
        try await Self.withOperatorApp { http, _, key, _ in
            let session = TestHarness.newSessionID()
            _ = try await Self.turn(http, "show me my calendar", key: key, session: session)
            _ = try await Self.turn(http, "tell me a joke", key: key, session: session, meta: ["device": "HomePod"])
            let response = try await http.execute(uri: "/admin/sessions/\(session)/turns", method: .get, headers: key)
            #expect(response.status == .ok)
            let turns = try #require(response.json["turns"] as? [[String: Any]])
            #expect(turns.map { $0["seq"] as? Int } == [1, 2])
            #expect(turns.map { $0["user_text"] as? String } == ["show me my calendar", "tell me a joke"])
            let first = try #require(turns.first?["decision"] as? [String: Any])
            #expect(first["handoff"] as? Bool == true && first["rule"] as? String == "visual-request")
            let trace = try #require(turns.first?["trace"] as? [String: Any])
            #expect((trace["stages"] as? [[String: Any]])?.count == 3)
            #expect(turns.first?["trace_source"] as? String == "rebuilt")
            #expect(first["trigger_rule"] as? String == "visual-request")
            let second = try #require(turns.last?["decision"] as? [String: Any])
            #expect(second["veto_rule"] as? String == "screenless-surface")
            #expect((turns.last?["facts"] as? [String: Any])?["device.surface"] as? String == "homepod")

            let page = try await http.execute(uri: "/admin/sessions/\(session)/turns?after=1&limit=1", method: .get, headers: key)
            #expect((page.json["turns"] as? [[String: Any]])?.map { $0["seq"] as? Int } == [2])
            let missing = try await http.execute(uri: "/admin/sessions/t-nothing-here/turns", method: .get, headers: key)
            #expect(missing.status == .notFound)
        }
    }

    /// Turns store the facts and the revision, not the trace: after another revision is
    /// published, an older turn's trace is rebuilt with the revision that decided it.
    @Test func aTraceIsRebuiltWithTheRevisionThatDecidedTheTurn() async throws {
        try await Self.withOperatorApp { http, components, key, database in
            let before = RulesFixtures.uniqueRevision("before")
            _ = try await database.store.publish(try RulesFixtures.candidate(revision: before), actor: "alice")
            try await RulesReloadTests.eventually { components.rules.revision == before }
            let session = TestHarness.newSessionID()
            _ = try await Self.turn(http, "show me my calendar", key: key, session: session)

            // The new revision no longer knows "show me": rebuilt with it, the turn would not hand off.
            let after = RulesFixtures.uniqueRevision("after")
            let withoutShowMe = try RulesFixtures.candidate(revision: after, [("[show me, ", "[")])
            _ = try await database.store.publish(withoutShowMe, actor: "alice")
            try await RulesReloadTests.eventually { components.rules.revision == after }

            let turns = try #require(try await http.execute(uri: "/admin/sessions/\(session)/turns", method: .get, headers: key)
                .json["turns"] as? [[String: Any]])
            let turn = try #require(turns.first)
            #expect(turn["trace_source"] as? String == "rebuilt")
            #expect((turn["decision"] as? [String: Any])?["ruleset_revision"] as? String == before)
            let trace = try #require(turn["trace"] as? [String: Any])
            let trigger = try #require((trace["stages"] as? [[String: Any]])?.first { $0["stage"] as? String == "trigger" })
            let winners = (trigger["rules"] as? [[String: Any]])?.filter { $0["won"] as? Bool == true }.compactMap { $0["id"] as? String }
            #expect(winners == ["visual-request"])
        }
    }

    @Test func perRuleCountersByRevisionAppearOnMetrics() async throws {
        try await RulesScratchDatabase.with { database in
            // A revision of its own, so no other test's turns count here; with a shadow trigger
            // that would win before visual-request.
            let revision = RulesFixtures.uniqueRevision("metrics")
            let shadow = """
                  - id: shadow-show-me
                    description: Trial of a narrower visual trigger.
                    mode: shadow
                    when: {fact: utterance.text, has_phrase: [show me]}
                    reason: Trial.

                  - id: visual-request
                """
            let candidate = try RulesFixtures.candidate(revision: revision, [("  - id: visual-request\n", shadow + "\n")])
            _ = try await database.store.publish(candidate, actor: "alice")
            try await TestHarness.withApp(database.configuration()) { http, _ in
                _ = try await http.decodedTurn("show me my calendar")
                _ = try await http.decodedTurn("show me my calendar")
                _ = try await http.decodedTurn("show me my calendar", meta: ["device": "HomePod"])
                let metrics = String(buffer: try await http.execute(uri: "/metrics", method: .get).body)
                func value(_ name: String, _ rule: String) -> Int? {
                    metrics.split(separator: "\n").first {
                        $0.hasPrefix("\(name){") && $0.contains("rule=\"\(rule)\"") && $0.contains("revision=\"\(revision)\"")
                    }.flatMap { $0.split(separator: " ").last }.flatMap { Int($0) }
                }
                #expect(value("jiri_handoff_rule_matched_total", "visual-request") == 3)
                #expect(value("jiri_handoff_rule_decided_total", "visual-request") == 2)
                #expect(value("jiri_handoff_rule_matched_total", "screenless-surface") == 1)
                #expect(value("jiri_handoff_rule_decided_total", "screenless-surface") == 1)
                #expect(value("jiri_handoff_rule_shadow_matched_total", "shadow-show-me") == 3)
                #expect(value("jiri_handoff_rule_decided_total", "shadow-show-me") == nil)
                #expect(metrics.contains("jiri_handoff_ruleset_active{revision=\"\(revision)\"} 1"))
            }
        }
    }

    static func turn(_ http: any TestClientProtocol, _ text: String, key: HTTPFields,
                     session: String = TestHarness.newSessionID(), meta: [String: Any] = [:]) async throws -> TurnResponse {
        let response = try await http.turn(text, session: session, meta: meta, headers: key)
        try #require(response.status == .ok, "\(String(buffer: response.body))")
        return try response.decoded(TurnResponse.self)
    }
}
