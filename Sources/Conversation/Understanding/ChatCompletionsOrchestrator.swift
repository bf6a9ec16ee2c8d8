import AsyncHTTPClient
import Catalog
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Understanding

/// Understands utterances with a language model behind an OpenAI-compatible
/// chat-completions API, offering the catalog's intents as tools.
///
/// Only tool calls are acted on: text the model writes is never spoken, so
/// replies stay the catalog's own sentences. A call is checked like a spoken
/// request (a catalog tool, arguments the slot parsers accept). Whenever the
/// model is slow, unreachable or unusable, the matcher answers instead: a
/// model failure never fails the turn.
public struct ChatCompletionsOrchestrator: IntentUnderstanding {
    public let configuration: Configuration
    private let matcher: IntentMatcher
    private let interpreter: ToolCallInterpreter
    private let prompt: OrchestratorPrompt
    private let tools: [ToolDefinition]
    private let httpClient: HTTPClient
    private let logger: Logger

    public init(
        configuration: Configuration,
        catalog: Catalog,
        matcher: IntentMatcher,
        httpClient: HTTPClient,
        logger: Logger = Logger(label: "jiri.llm")
    ) {
        self.configuration = configuration
        self.matcher = matcher
        self.interpreter = ToolCallInterpreter(catalog: catalog)
        self.prompt = OrchestratorPrompt(catalog: catalog)
        self.tools = catalog.toolDefinitions()
        self.httpClient = httpClient
        self.logger = logger
    }

    public func labelledValues(in text: String, for intent: IntentDefinition) -> [String: SlotValue] {
        matcher.labelledValues(in: text, for: intent)
    }

    public func understand(_ utterance: Utterance) async -> Understood {
        // "bug her about it": the model sees the conversation and may know who "her" is.
        if configuration.mode == .assist, let match = matcher.match(utterance.text, context: utterance.context),
           !match.namesSomeoneByPronoun {
            return Understood(match: match, source: .matcher)
        }
        let started = ContinuousClock.now
        do {
            let call = try await askModel(utterance)
            let elapsed = ContinuousClock.now - started
            guard let call else {
                LLMMetrics.record(.noTool, elapsed: elapsed)
                // The model's text is not spoken; a confident matcher answer is better than the fallback reply.
                if let match = matcher.match(utterance.text, context: utterance.context) {
                    return Understood(match: match, source: .llmFallback, trace: "llm:no_tool→matcher")
                }
                return Understood(match: nil, source: .llm, trace: "llm:no_tool \(elapsed.milliseconds)ms")
            }
            let match = try interpreter.match(call, context: utterance.context)
            LLMMetrics.record(.toolCall, elapsed: elapsed)
            return Understood(match: match, source: .llm, trace: "llm:\(call.name) \(elapsed.milliseconds)ms")
        } catch {
            LLMMetrics.record(error.isTimeout ? .timeout : .error, elapsed: ContinuousClock.now - started)
            var metadata: Logger.Metadata = ["reason": "\(error.reason)", "detail": "\(error.detail)"]
            if let turnID = utterance.turnID { metadata["turn_id"] = "\(turnID)" }
            logger.warning("LLM answer not used, the matcher answers", metadata: metadata)
            return Understood(
                match: matcher.match(utterance.text, context: utterance.context), source: .llmFallback,
                trace: "llm:\(error.reason)→matcher")
        }
    }

    /// The model's first tool call, or nil when it answered in text.
    private func askModel(_ utterance: Utterance) async throws(ModelFailure) -> ChatCompletions.FunctionCall? {
        let body = ChatCompletions.Request(model: configuration.model, messages: prompt.messages(for: utterance), tools: tools)
        var request = HTTPClientRequest(url: configuration.endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        if let key = configuration.apiKey, !key.isEmpty {
            request.headers.add(name: "Authorization", value: "Bearer \(key)")
        }
        do {
            request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        } catch {
            throw .badResponse("could not encode the request")
        }

        let (status, bytes) = try await exchange(request)
        guard (200..<300).contains(status.code) else {
            throw .status(status.code)
        }
        let response: ChatCompletions.Response
        do {
            response = try JSONDecoder().decode(ChatCompletions.Response.self, from: Data(bytes.readableBytesView))
        } catch {
            throw .badResponse("the body is not a chat completion")
        }
        guard let choice = response.choices.first else {
            throw .badResponse("the completion has no choices")
        }
        return choice.message.toolCalls?.first?.function
    }

    /// Sends the request and reads the answer within the time budget.
    private func exchange(_ request: HTTPClientRequest) async throws(ModelFailure) -> (HTTPResponseStatus, ByteBuffer) {
        let budget = configuration.timeout
        let limit = configuration.maxResponseBytes
        do {
            let answer = try await httpClient.exchange(request, until: .now + budget, maxBytes: limit, logger: logger) {
                ModelFailure.timeout(after: budget)
            }
            return (answer.status, answer.body)
        } catch let failure as ModelFailure {
            throw failure
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw .timeout(after: budget)
        } catch is NIOTooManyBytesError {
            throw .badResponse("the answer is over \(limit) bytes")
        } catch {
            throw .unreachable("\(error)")
        }
    }
}
