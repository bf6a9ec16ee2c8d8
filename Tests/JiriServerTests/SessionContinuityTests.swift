import Foundation
import HummingbirdTesting
import JiriAPI
import JiriTestSupport
import Testing

@Suite struct SessionContinuityTests {
    @Test func aClientChosenIDStartsASessionUnderThatID() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let response = try await http.decodedTurn("tell me a joke", session: id)
            #expect(response.sessionID == id)
        }
    }

    @Test func historyHoldsBothSidesOfEveryTurnOldestFirst() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let first = try await http.decodedTurn("tell me a joke", session: id)
            _ = try await http.decodedTurn("what time is it in Tokyo", session: id)
            let response = try await http.history(id)
            #expect(response.status == .ok)
            let history = try response.decoded(SessionHistory.self)
            #expect(history.sessionID == id)
            #expect(history.messages.map(\.role) == ["user", "assistant", "user", "assistant"])
            #expect(history.messages[0].content == "tell me a joke")
            #expect(history.messages[1].content == first.replyText)
            #expect(history.messages[2].content == "what time is it in Tokyo")
            let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
            let stamps = try history.messages.map { try style.parse($0.timestamp) }
            #expect(stamps == stamps.sorted())
            #expect(try style.parse(history.createdAt) <= stamps[0])
        }
    }

    @Test func historyPagesWalkBackwardsWithTheCursor() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            for index in 1...5 {
                _ = try await http.decodedTurn("tell me joke number \(index)", session: id)
            }
            let latest = try await http.history(id, query: "?limit=4").decoded(SessionHistory.self)
            #expect(latest.messages.count == 4)
            #expect(latest.hasMore)
            #expect(latest.messages.first?.content == "tell me joke number 4")
            let cursor = try #require(latest.nextBefore)
            let older = try await http.history(id, query: "?limit=4&before=\(cursor)").decoded(SessionHistory.self)
            #expect(older.messages.count == 4)
            #expect(older.messages.first?.content == "tell me joke number 2")
            let oldest = try await http.history(id, query: "?limit=4&before=\(try #require(older.nextBefore))").decoded(SessionHistory.self)
            #expect(oldest.messages.count == 2)
            #expect(!oldest.hasMore)
            #expect(oldest.nextBefore == nil)
        }
    }

    @Test func unknownSessionHistoryIs404AndCreatesNothing() async throws {
        try await TestHarness.withApp { http, components in
            let id = TestHarness.newSessionID()
            let response = try await http.history(id)
            #expect(response.status == .notFound)
            #expect(response.errorCode == "session_not_found")
            #expect(try await components.transcripts.session(id: id) == nil)
        }
    }

    @Test func goodbyeEndsTheConversationDespitePunctuation() async throws {
        try await TestHarness.withApp { http, _ in
            for text in ["goodbye", "ok bye.", "OK, bye!", "that's all", "Stop."] {
                let response = try await http.decodedTurn(text)
                #expect(response.endConversation, "\(text)")
                #expect(!response.handoffToApp)
            }
        }
    }

    @Test func aSessionFlushedFromRedisIsRebuiltFromPostgres() async throws {
        try await TestHarness.withApp { http, components in
            let id = TestHarness.newSessionID()
            let question = try await http.decodedTurn("Capture coding idea", session: id)
            #expect(question.expectsReply)
            #expect(question.intent?.status == "needs_value")
            await components.turnService.cacheWrites.drain()
            try await components.redis.send(["DEL", .init("jiri:session:{\(id)}")])
            let answered = try await http.decodedTurn("voice-driven test runner", session: id)
            #expect(answered.intent?.id == "codingbridge.CaptureIdeaIntent")
            #expect(answered.intent?.status != "needs_value")
            #expect(answered.intent?.slots["idea"] == .string("voice-driven test runner"))
            let history = try await http.history(id).decoded(SessionHistory.self)
            #expect(history.messages.count == 4)
        }
    }

    /// The Redis write of a turn runs behind its response; the session's next turn,
    /// sent the moment the answer arrives, must still see the question it asked.
    @Test func theNextTurnSentRightAfterAnAnswerSeesItsPendingQuestion() async throws {
        try await TestHarness.withApp { http, components in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let id = TestHarness.newSessionID()
                        _ = try await http.decodedTurn("tell me a joke", session: id)
                        // Redis now caches the session as it was before the question.
                        await components.turnService.cacheWrites.drain()
                        #expect(try await http.decodedTurn("Capture coding idea", session: id).expectsReply)
                        let answered = try await http.decodedTurn("voice-driven test runner", session: id)
                        #expect(answered.intent?.id == "codingbridge.CaptureIdeaIntent")
                        #expect(answered.intent?.slots["idea"] == .string("voice-driven test runner"))
                    }
                }
                try await group.waitForAll()
            }
        }
    }

    @Test func goodbyeWhileAQuestionIsPendingEndsTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.decodedTurn("Capture coding idea", session: id).expectsReply)
            let bye = try await http.decodedTurn("ok bye.", session: id)
            #expect(bye.endConversation)
            #expect(!bye.expectsReply)
        }
    }

    @Test func cancelDropsThePendingQuestionNotTheConversation() async throws {
        try await TestHarness.withApp { http, _ in
            let id = TestHarness.newSessionID()
            let question = try await http.decodedTurn("Capture coding idea", session: id)
            #expect(question.expectsReply)
            let cancelled = try await http.decodedTurn("cancel", session: id)
            #expect(!cancelled.endConversation)
            #expect(!cancelled.expectsReply)
            let next = try await http.decodedTurn("tell me a joke", session: id)
            #expect(next.debug.mode == "fallback")
        }
    }
}
