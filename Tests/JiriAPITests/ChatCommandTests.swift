import Foundation
import JiriAPI
import JiriURLSession
import Testing

/// `jiri chat` driven through a pseudo-terminal against a `jiri serve` process.
@Suite("jiri chat")
struct ChatCommandTests {
    private static func chat(_ server: JiriProcess, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(JiriProcess.executable(), arguments: ["chat", "--url", server.baseURL.absoluteString] + arguments)
    }

    /// Runs `jiri chat` against a fresh server, lets `body` converse from the
    /// first prompt on, then types end of input and expects a clean exit.
    private static func converse(
        _ arguments: [String] = [],
        before: (JiriClient) async throws -> Void = { _ in },
        _ body: (PseudoTerminal, JiriClient) async throws -> Void
    ) async throws {
        try await withJiriProcesses(count: 1) { servers in
            let client = JiriClient(baseURL: servers[0].baseURL)
            try await before(client)
            let terminal = try chat(servers[0], arguments)
            try await body(terminal, client)
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    private static func sessionID(in output: String) throws -> String {
        String(try #require(output.firstMatch(of: /\(session ([A-Za-z0-9_-]+)\)/)?.1))
    }

    @Test func resumingASessionPrintsItsHistoryFirst() async throws {
        let session = ServerEnvironment.newSessionID()
        try await Self.converse(["--session", session], before: { client in
            _ = try await client.turn(TurnRequest(sessionID: session, userText: "open oppi"))
            _ = try await client.turn(TurnRequest(sessionID: session, userText: "what can you do"))
        }) { terminal, client in
            let stored = try await client.history(sessionID: session).messages
            try await terminal.expect("history of \(session), 4 messages:")
            for message in stored {
                try await terminal.expect("\(message.role == "user" ? "you" : "jiri"): \(message.content)\n")
            }
        }
    }

    @Test func typedLinesBecomeTurnsOfOneSession() async throws {
        try await Self.converse { terminal, client in
            try await terminal.expect("you> ")
            terminal.send("remind Alex to take out the trash")
            let session = try Self.sessionID(in: try await terminal.expect("(listening)"))
            try await terminal.expect("you> ")
            terminal.send("what can you do")
            try await terminal.expect("jiri> ")
            try await terminal.expect("you> ")
            let history = try await client.fullHistory(sessionID: session)
            #expect(history.filter { $0.role == "user" }.map(\.content) == ["remind Alex to take out the trash", "what can you do"])
        }
    }

    @Test func aHandoffShowsItsRuleAndDeepLink() async throws {
        try await Self.converse(["--device", "iphone"]) { terminal, _ in
            try await terminal.expect("you> ")
            terminal.send("open oppi")
            let reply = try await terminal.expect("deep link: ")
            let session = try Self.sessionID(in: reply)
            #expect(reply.contains("handoff: "))
            try await terminal.expect("jiri://continue?session_id=\(session)")
        }
    }

    @Test func onAHomePodTheHandoffIsVetoedAndNoLinkIsShown() async throws {
        try await Self.converse(["--device", "homepod"]) { terminal, _ in
            try await terminal.expect("you> ")
            terminal.send("open oppi")
            let reply = try await terminal.expect("you> ")
            #expect(reply.contains("handoff: "))
            #expect(reply.contains("[veto"))
            #expect(!reply.contains("deep link:"))
        }
    }

    @Test func anUnknownSessionStartsUnderThatID() async throws {
        let session = ServerEnvironment.newSessionID()
        try await Self.converse(["--session", session]) { terminal, client in
            try await terminal.expect("(new session \(session))")
            terminal.send("what can you do")
            try await terminal.expect("jiri> ")
            try await terminal.expect("you> ")
            #expect(try await client.history(sessionID: session).messages.count == 2)
            terminal.send("/history")
            try await terminal.expect("history of \(session), 2 messages:")
        }
    }

    @Test func byeEndsTheConversationAndTheProgram() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let terminal = try Self.chat(servers[0])
            try await terminal.expect("you> ")
            terminal.send("bye")
            try await terminal.expect("(conversation ended; resume with --session ")
            #expect(try await terminal.waitForExit() == 0)
        }
    }
}
