import Foundation
import JiriAPI
import JiriURLSession
import JiriTestSupport
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

    @Test func rulesPublishedOnceGoLiveOnBothInstances() async throws {
        try await ScratchDatabase.with { databaseURL in
            try await withJiriProcesses(count: 2, environment: ["DATABASE_URL": databaseURL]) { servers in
                let clients = servers.map { JiriClient(baseURL: $0.baseURL) }
                let shipped = try await Self.rulesetRevision(clients[1])
                let revision = "scaleout-\(UUID().uuidString.prefix(8).lowercased())"
                let rules = try RulesFileCopy(revision: revision)
                let publish = try await JiriProcess.run(["rules", "publish", rules.file.path, "--actor", "two-instance-test"],
                                                        environment: ["DATABASE_URL": databaseURL])
                #expect(publish.status == 0, "jiri rules publish failed:\n\(publish.output)")
                #expect(shipped != revision)
                for client in clients {
                    #expect(try await Self.waitForRevision(revision, client) == revision)
                }
            }
        }
    }

    /// The ruleset revision a turn on a fresh session was decided with.
    private static func rulesetRevision(_ client: JiriClient) async throws -> String? {
        try await client.turn(TurnRequest(sessionID: ServerEnvironment.newSessionID(), userText: "what can you do")).handoff?.rulesetRevision
    }

    /// Turns until one is decided with `revision` (instances poll the active revision), at most 15 s.
    private static func waitForRevision(_ revision: String, _ client: JiriClient) async throws -> String? {
        let deadline = ContinuousClock.now + .seconds(15)
        var seen = try await rulesetRevision(client)
        while seen != revision, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
            seen = try await rulesetRevision(client)
        }
        return seen
    }
}

/// The shipped handoff rules and their test cases, copied under a new
/// `revision:` into a temporary directory that goes with this value.
private final class RulesFileCopy {
    let file: URL
    private let directory: URL

    init(revision: String) throws {
        let shipped = TestEnvironment.repositoryRoot.appendingPathComponent("deploy/config")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let text = try String(contentsOf: shipped.appendingPathComponent("handoff-rules.yaml"), encoding: .utf8)
        let revised = text.replacing(/(?m)^revision:.*$/, with: "revision: \"\(revision)\"")
        #expect(revised != text, "the shipped rules have no top-level revision: line")
        file = directory.appendingPathComponent("handoff-rules.yaml")
        try revised.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("handoff-rules.tests.yaml"),
                                         to: directory.appendingPathComponent("handoff-rules.tests.yaml"))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
