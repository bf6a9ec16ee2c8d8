/// One intent as an OpenAI-style function-calling tool:
/// `{"type": "function", "function": {"name", "description", "parameters"}}`.
public struct ToolDefinition: Codable, Sendable, Hashable {
    public struct Function: Codable, Sendable, Hashable {
        /// `<app>_<SwiftTypeName>`; map back with `Catalog.intent(toolName:)`.
        public var name: String
        public var description: String
        /// A JSON Schema object describing the arguments.
        public var parameters: JSONSchema

        public init(name: String, description: String, parameters: JSONSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }
    }

    public var type: String
    public var function: Function

    public init(function: Function) {
        self.type = "function"
        self.function = function
    }
}
