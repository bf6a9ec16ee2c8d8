import AsyncHTTPClient
import Catalog
import Conversation
import Foundation
import Hummingbird
import Understanding

/// A server double that speaks the chat-completions protocol at
/// `POST /v1/chat/completions` and answers as the test chose. It stands in
/// for llama.cpp, Ollama or a hosted API; no model runs.
struct FakeChatCompletions: Sendable {
    indirect enum Answer: Sendable {
        /// `message.tool_calls[0].function` with the arguments as a JSON string.
        case toolCall(name: String, arguments: String)
        /// The model answered in words, calling no tool.
        case text(String)
        case status(HTTPResponse.Status)
        /// A 200 whose body is this text, as is.
        case body(String)
        case after(Duration, Answer)
    }

    static let model = "test-model"
    let answer: Answer

    func routes(_ router: Router<BasicRequestContext>) {
        router.post("v1/chat/completions") { _, _ in try await Self.respond(answer) }
    }

    private static func respond(_ answer: Answer) async throws -> Response {
        switch answer {
        case .after(let delay, let then):
            try await Task.sleep(for: delay)
            return try await respond(then)
        case .status(let status):
            return try jsonResponse(["error": ["message": "the model is not loaded", "type": "server_error"]], status: status)
        case .body(let text):
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        case .toolCall(let name, let arguments):
            return try completion([
                "role": "assistant", "content": NSNull(),
                "tool_calls": [["id": "call_1", "type": "function", "function": ["name": name, "arguments": arguments]]],
            ], finish: "tool_calls")
        case .text(let text):
            return try completion(["role": "assistant", "content": text], finish: "stop")
        }
    }

    private static func completion(_ message: [String: Any], finish: String) throws -> Response {
        try jsonResponse([
            "id": "chatcmpl-test", "object": "chat.completion", "created": 1_741_118_400, "model": model,
            "choices": [["index": 0, "message": message, "finish_reason": finish]],
            "usage": ["prompt_tokens": 900, "completion_tokens": 30, "total_tokens": 930],
        ])
    }
}

/// An orchestrator on the shipped catalog, pointed at a fake server.
struct OrchestratorFixture: Sendable {
    static let apiKey = "sk-test-\(UUID().uuidString.prefix(8))"
    /// Configured as the server's client is: a refused connection fails at once.
    static let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .connectors)

    let catalog: Catalog
    let matcher: IntentMatcher

    init() throws {
        catalog = try ConnectorFixture.catalog()
        matcher = IntentMatcher(catalog: catalog)
    }

    func orchestrator(
        _ baseURL: String, mode: ChatCompletionsOrchestrator.Mode, timeout: Duration = .seconds(5)
    ) -> ChatCompletionsOrchestrator {
        ChatCompletionsOrchestrator(
            configuration: .init(baseURL: baseURL, model: FakeChatCompletions.model, apiKey: Self.apiKey, timeout: timeout, mode: mode),
            catalog: catalog, matcher: matcher, httpClient: Self.httpClient)
    }

    /// Runs `utterance` through an orchestrator whose server gives `answer`;
    /// returns what it understood and the requests the server received.
    func understand(
        _ utterance: Utterance, answer: FakeChatCompletions.Answer,
        mode: ChatCompletionsOrchestrator.Mode = .primary, timeout: Duration = .seconds(5)
    ) async throws -> (understood: Understood, requests: [ReceivedRequest]) {
        try await TestBackend.run(routes: FakeChatCompletions(answer: answer).routes) { backend in
            let understood = await orchestrator(backend.baseURL("/v1"), mode: mode, timeout: timeout).understand(utterance)
            return (understood, backend.log.all)
        }
    }

    static func utterance(_ text: String, recent: [ContextMessage] = []) -> Utterance {
        Utterance(text: text, context: ConnectorFixture.context, recent: recent, turnID: "turn-\(UUID().uuidString)")
    }
}
