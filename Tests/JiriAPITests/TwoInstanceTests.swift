import Foundation
import JiriAPI
import Testing

/// Two `jiri serve` processes on one Postgres and one Redis behave as one
/// service: a conversation can move between them turn by turn.
@Suite("Two instances")
struct TwoInstanceTests {
    @Test func alternatingInstancesKeepOneHistoryWithNoLostTurn() async throws {
        try await withJiriProcesses(count: 2) { servers in
            let clients = servers.map { JiriClient(baseURL: $0.baseURL) }
            let session = ServerEnvironment.newSessionID()
            let utterances = (1...10).map { "what can you do, take \($0)" }
            for (index, text) in utterances.enumerated() {
                let response = try await clients[index % 2].turn(TurnRequest(sessionID: session, userText: text))
                #expect(response.sessionID == session)
            }
            let seenByFirst = try await clients[0].fullHistory(sessionID: session)
            let seenBySecond = try await clients[1].fullHistory(sessionID: session)
            #expect(seenByFirst == seenBySecond)
            #expect(seenByFirst.map(\.role) == Array(repeating: ["user", "assistant"], count: 10).flatMap { $0 })
            #expect(seenByFirst.filter { $0.role == "user" }.map(\.content) == utterances)
        }
    }

    @Test func aQuestionAskedByOneInstanceIsAnsweredOnTheOther() async throws {
        try await withJiriProcesses(count: 2) { servers in
            let session = ServerEnvironment.newSessionID()
            let question = try await JiriClient(baseURL: servers[0].baseURL)
                .turn(TurnRequest(sessionID: session, userText: "remind Alex to take out the trash"))
            #expect(question.expectsReply)
            #expect(question.intent?.status == "needs_value")
            let answer = try await JiriClient(baseURL: servers[1].baseURL)
                .turn(TurnRequest(sessionID: session, userText: "tomorrow at 6pm"))
            #expect(answer.intent?.id == question.intent?.id)
            #expect(answer.intent?.status != "needs_value")
        }
    }

    @Test func concurrentTurnsOnBothInstancesNeverInterleave() async throws {
        try await withJiriProcesses(count: 2) { servers in
            let clients = servers.map { JiriClient(baseURL: $0.baseURL) }
            let session = ServerEnvironment.newSessionID()
            _ = try await clients[0].turn(TurnRequest(sessionID: session, userText: "hello"))
            let answered = try await withThrowingTaskGroup(of: String?.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        let text = "what can you do, racer \(index)"
                        do {
                            _ = try await clients[index % 2].turn(TurnRequest(sessionID: session, userText: text))
                            return text
                        } catch let error as JiriClientError where error.code == "session_busy" {
                            return nil
                        }
                    }
                }
                return try await group.reduce(into: Set<String>()) { if let text = $1 { $0.insert(text) } }
            }
            let history = try await clients[1].fullHistory(sessionID: session)
            #expect(!answered.isEmpty)
            #expect(history.count == 2 * (answered.count + 1))
            #expect(history.map(\.role) == Array(repeating: ["user", "assistant"], count: answered.count + 1).flatMap { $0 })
            #expect(Set(history.filter { $0.role == "user" }.map(\.content).dropFirst()) == answered)
        }
    }
}
