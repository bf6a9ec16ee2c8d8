import Foundation
import JiriAPI
import Testing

/// `jiri chat` driven through a pseudo-terminal against a `jiri serve` process.
@Suite("jiri chat")
struct ChatCommandTests {
    private static func chat(_ server: JiriProcess, _ arguments: [String] = []) throws -> PseudoTerminal {
        try PseudoTerminal.spawn(JiriProcess.executable(), arguments: ["chat", "--url", server.baseURL.absoluteString] + arguments)
    }

    @Test func resumingASessionPrintsItsHistoryFirst() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let client = JiriClient(baseURL: servers[0].baseURL)
            let session = ServerEnvironment.newSessionID()
            let first = try await client.turn(TurnRequest(sessionID: session, userText: "open oppi"))
            _ = try await client.turn(TurnRequest(sessionID: session, userText: "what can you do"))

            let terminal = try Self.chat(servers[0], ["--session", session])
            try await terminal.expect("history of \(session), 4 messages:")
            try await terminal.expect("you: open oppi")
            try await terminal.expect("jiri: \(first.replyText.prefix(20))")
            try await terminal.expect("you: what can you do")
            try await terminal.expect("you> ")
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func typedLinesBecomeTurnsOfOneSession() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let terminal = try Self.chat(servers[0])
            try await terminal.expect("you> ")
            terminal.send("remind Alex to take out the trash")
            let first = try await terminal.expect("(listening)")
            let session = try #require(first.firstMatch(of: /\(session ([A-Za-z0-9_-]+)\)/)?.1)
            try await terminal.expect("you> ")
            terminal.send("what can you do")
            try await terminal.expect("jiri> ")
            try await terminal.expect("you> ")
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)

            let history = try await JiriClient(baseURL: servers[0].baseURL).fullHistory(sessionID: String(session))
            #expect(history.filter { $0.role == "user" }.map(\.content) == ["remind Alex to take out the trash", "what can you do"])
        }
    }

    @Test func aHandoffShowsItsRuleAndDeepLink() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let terminal = try Self.chat(servers[0], ["--device", "iphone"])
            try await terminal.expect("you> ")
            terminal.send("open oppi")
            let reply = try await terminal.expect("you> ")
            let session = try #require(reply.firstMatch(of: /\(session ([A-Za-z0-9_-]+)\)/)?.1)
            #expect(reply.contains("handoff: "))
            #expect(reply.contains("deep link: jiri://continue?session_id=\(session)"))
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)
        }
    }

    @Test func onAHomePodTheHandoffIsVetoedAndNoLinkIsShown() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let terminal = try Self.chat(servers[0], ["--device", "homepod"])
            try await terminal.expect("you> ")
            terminal.send("open oppi")
            let reply = try await terminal.expect("you> ")
            #expect(reply.contains("handoff: "))
            #expect(reply.contains("[veto"))
            #expect(!reply.contains("deep link:"))
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)
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

    @Test func anUnknownSessionStartsUnderThatID() async throws {
        try await withJiriProcesses(count: 1) { servers in
            let session = ServerEnvironment.newSessionID()
            let terminal = try Self.chat(servers[0], ["--session", session])
            try await terminal.expect("(new session \(session))")
            terminal.send("what can you do")
            try await terminal.expect("jiri> ")
            try await terminal.expect("you> ")
            terminal.sendEndOfInput()
            #expect(try await terminal.waitForExit() == 0)
            let history = try await JiriClient(baseURL: servers[0].baseURL).history(sessionID: session)
            #expect(history.messages.count == 2)
        }
    }
}
