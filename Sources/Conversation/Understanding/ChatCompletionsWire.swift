import Catalog
import JiriAPI

/// The part of the OpenAI chat-completions protocol the orchestrator speaks,
/// as llama.cpp's server, Ollama's `/v1`, vLLM and hosted APIs accept it.
enum ChatCompletions {
    struct Request: Encodable {
        var model: String
        var messages: [Message]
        var tools: [ToolDefinition]
        var toolChoice = "auto"
        /// Zero, so the same words pick the same tool as far as the server allows.
        var temperature = 0

        enum CodingKeys: String, CodingKey {
            case model, messages, tools, temperature
            case toolChoice = "tool_choice"
        }
    }

    struct Message: Encodable {
        var role: String
        var content: String
    }

    struct Response: Decodable {
        var choices: [Choice]
    }

    struct Choice: Decodable {
        var message: AssistantMessage
    }

    struct AssistantMessage: Decodable {
        /// The model's text, never spoken: only tool calls are acted on.
        var content: String?
        var toolCalls: [ToolCall]?

        enum CodingKeys: String, CodingKey {
            case content
            case toolCalls = "tool_calls"
        }
    }

    struct ToolCall: Decodable {
        var function: FunctionCall
    }

    struct FunctionCall: Decodable {
        var name: String
        /// A JSON object serialised as a string, as the protocol specifies;
        /// servers that send the object itself are accepted too.
        var arguments: ToolArguments

        enum CodingKeys: String, CodingKey {
            case name, arguments
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            if try !container.contains(.arguments) || container.decodeNil(forKey: .arguments) {
                arguments = .object([:])
            } else if let text = try? container.decode(String.self, forKey: .arguments) {
                arguments = .text(text)
            } else if let object = try? container.decode([String: JSONValue].self, forKey: .arguments) {
                arguments = .object(object)
            } else {
                arguments = .unreadable
            }
        }
    }

    enum ToolArguments {
        case text(String)
        case object([String: JSONValue])
        /// Neither a JSON string nor an object.
        case unreadable
    }
}
