import ArgumentParser
import Foundation
import JiriAPI

/// `jiri chat`: talk to a running Jiri server from a terminal, as a voice
/// client would, and see what it decided (intent, handoff, deep link).
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Talk to a running Jiri server; one line is one turn.",
        discussion: """
            Lines are sent to POST /turn until end of input, or until the server ends the
            conversation ("bye", "that's all"). With --session, the session's history is
            printed first and the conversation goes on where it stopped. /history prints
            the transcript again; /quit leaves without telling the server.
            """
    )

    @Option(help: "The server (default: JIRI_URL or http://127.0.0.1:8080).") var url: String?
    @Option(help: "Continue this session (its history is printed first); a new session by default.") var session: String?
    @Option(help: "meta.device: iphone, homepod, watch, carplay, ipad, mac, ...") var device = TurnMeta.defaultDevice
    @Option(help: "meta.surface, when it should differ from what --device implies.") var surface: String?
    @Option(help: "meta.timezone (default: this machine's).") var timezone = TimeZone.current.identifier
    @Option(help: "The request's client field.") var client = "cli"
    @Flag(help: "meta.locked: the phone is locked.") var locked = false
    @Option(help: "API key, sent as a bearer token (default: JIRI_TOKEN; none for anonymous access).") var token: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let address = url ?? environment["JIRI_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8080"
        guard let baseURL = URL(string: address), baseURL.scheme == "http" || baseURL.scheme == "https" else {
            throw ValidationError("--url must be an http(s) URL; got '\(address)'")
        }
        var chat = ChatSession(
            client: JiriClient(
                baseURL: baseURL, token: token ?? environment["JIRI_TOKEN"].flatMap { $0.isEmpty ? nil : $0 },
                transport: HTTPClientTransport()
            ),
            sessionID: session,
            meta: TurnMeta(timezone: timezone, device: device, voice: false, surface: surface, locked: locked ? true : nil),
            clientName: client
        )
        ChatOutput.line("jiri chat: \(baseURL.absoluteString) (end of input or \"bye\" to finish)")
        try await chat.run(lines: StandardInputLines.stream())
    }
}

/// One conversation: sends each line as a turn and prints what came back.
struct ChatSession {
    let client: JiriClient
    var sessionID: String?
    let meta: TurnMeta
    let clientName: String

    mutating func run(lines: AsyncStream<String>) async throws {
        if let sessionID {
            await printHistory(of: sessionID, resuming: true)
        }
        ChatOutput.prompt()
        for await line in lines {
            let text = line.trimmingCharacters(in: .whitespaces)
            switch text {
            case "":
                break
            case "/quit":
                return
            case "/history":
                if let sessionID { await printHistory(of: sessionID, resuming: false) } else { ChatOutput.line("(no session yet)") }
            default:
                if await send(text) { return }
            }
            ChatOutput.prompt()
        }
        ChatOutput.line("")
    }

    /// Sends one turn; true when the server ended the conversation.
    private mutating func send(_ text: String) async -> Bool {
        let request = TurnRequest(sessionID: sessionID, userText: text, client: clientName, meta: meta)
        let response: TurnResponse
        do throws(JiriClientError) {
            response = try await client.turn(request)
        } catch {
            ChatOutput.line("error: \(error)\(error.isRetryable ? " (try again)" : "")")
            return false
        }
        if sessionID == nil {
            ChatOutput.line("(session \(response.sessionID))")
        }
        sessionID = response.sessionID
        ChatOutput.reply(response)
        if response.endConversation {
            ChatOutput.line("(conversation ended; resume with --session \(response.sessionID))")
        }
        return response.endConversation
    }

    private func printHistory(of sessionID: String, resuming: Bool) async {
        do throws(JiriClientError) {
            let messages = try await client.fullHistory(sessionID: sessionID)
            ChatOutput.line("history of \(sessionID), \(messages.count) messages:")
            for message in messages {
                ChatOutput.line("  \(message.role == "user" ? "you" : "jiri"): \(message.content)")
            }
        } catch where error.code == "session_not_found" && resuming {
            ChatOutput.line("(new session \(sessionID))")
        } catch {
            ChatOutput.line("error: could not read the history: \(error)")
        }
    }
}

/// What the chat prints. Every line is flushed at once so a terminal (or a
/// test driving a pseudo-terminal) sees it before the next prompt.
enum ChatOutput {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func prompt() {
        FileHandle.standardOutput.write(Data("you> ".utf8))
    }

    static func reply(_ response: TurnResponse) {
        line("jiri> \(response.replyText)")
        if let intent = response.intent {
            line("  intent: \(intent.id) (\(intent.status))")
        }
        if let handoff = response.handoff, let rule = handoff.rule {
            let details = [handoff.stage, handoff.mode, handoff.delivery].compactMap { $0 }.joined(separator: ", ")
            line("  handoff: \(rule) [\(details)]\(handoff.reason.map { ": \($0)" } ?? "")")
        }
        if response.handoffToApp, let link = response.deepLinkURL {
            line("  deep link: \(link)")
        }
        for action in response.actions {
            line("  on device: \(action.app) \(action.intent)")
        }
        if response.expectsReply {
            line("  (listening)")
        }
    }
}

/// Standard input, line by line, read on a thread of its own so the blocking
/// read never holds a concurrency-pool thread.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let reader = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            reader.name = "jiri-chat-stdin"
            reader.start()
        }
    }
}
