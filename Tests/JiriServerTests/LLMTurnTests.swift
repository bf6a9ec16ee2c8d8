import Conversation
import Foundation
import Hummingbird
import HummingbirdTesting
import JiriAPI
import JiriServer
import Logging
import Synchronization
import Testing

/// POST /turn with the LLM orchestrator configured, against a local server
/// that speaks the chat-completions protocol (no model runs behind it).
@Suite struct LLMTurnTests {
    /// Nothing in MoodBoard's phrases says it this way.
    static let paraphrase = "keep a record that I'm over the moon"

    @Test func aParaphraseTheMatcherMissesIsAnsweredThroughTheModelWithItsTraceInDebug() async throws {
        let toolCall = #"{"choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"moodboard_AddMoodIntent","arguments":"{\"title\":\"over the moon\",\"category\":\"happy\"}"}}]}}]}"#
        try await ChatCompletionsDouble.run(status: .ok, body: toolCall) { baseURL, double in
            var configuration = TestHarness.configuration()
            configuration.llm = .init(baseURL: baseURL, model: "test-model")
            try await TestHarness.withApp(configuration) { http, _ in
                let response = try await http.decodedTurn(Self.paraphrase)

                #expect(double.requests == 1)
                #expect(response.intent?.id == "moodboard.AddMoodIntent")
                #expect(response.intent?.slots["title"] == .string("over the moon"))
                #expect(response.intent?.slots["category"] == .string("happy"))
                #expect(response.replyText == "Mood added!")
                #expect(response.actions.map(\.intent) == ["AddMoodIntent"])
                let trace = response.debug.toolTrace
                #expect(trace.first?.hasPrefix("llm:moodboard_AddMoodIntent ") == true, "\(trace)")
                #expect(trace.dropFirst().first == "client:moodboard.AddMoodIntent", "\(trace)")

                let metrics = String(buffer: try await http.execute(uri: "/metrics", method: .get).body)
                #expect(metrics.contains(#"jiri_llm_requests_total{outcome="tool_call"}"#))
                #expect(metrics.contains("jiri_llm_request_duration_seconds_count"))
            }
        }
    }

    @Test func aFailingModelGivesTheMatchersAnswerNotAServerError() async throws {
        try await ChatCompletionsDouble.run(status: .internalServerError, body: #"{"error":{"message":"overloaded"}}"#) { baseURL, double in
            var configuration = TestHarness.configuration()
            configuration.llm = .init(baseURL: baseURL, model: "test-model", mode: .primary)
            try await TestHarness.withApp(configuration) { http, _ in
                let response = try await http.decodedTurn("log my mood as happy")

                #expect(double.requests == 1)
                #expect(response.intent?.id == "moodboard.AddMoodIntent")
                #expect(response.debug.toolTrace.first == "llm:http_500→matcher")
            }
        }
    }
}

/// A chat-completions endpoint that gives every request the same answer.
final class ChatCompletionsDouble: Sendable {
    private let hits = Mutex(0)

    /// Requests received so far.
    var requests: Int { hits.withLock { $0 } }

    /// Serves on a free loopback port while `test` runs; `test` gets the API root.
    static func run(
        status: HTTPResponse.Status, body: String,
        _ test: @Sendable (_ baseURL: String, _ double: ChatCompletionsDouble) async throws -> Void
    ) async throws {
        let double = ChatCompletionsDouble()
        let router = Router()
        router.post("v1/chat/completions") { _, _ in
            double.hits.withLock { $0 += 1 }
            return Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "chat-completions-double")
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0); continuation.finish() },
            logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), port != 0 else { throw ExpectedOK(status: 0, body: "the double did not start") }
            try await test("http://127.0.0.1:\(port)/v1", double)
        }
    }
}
