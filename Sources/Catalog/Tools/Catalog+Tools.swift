extension Catalog {
    /// Every intent as a JSON-Schema tool, for an LLM orchestrator.
    public func toolDefinitions() -> [ToolDefinition] {
        intents.map { intent in
            let app = app(of: intent)
            var properties: [String: JSONSchema] = [:]
            for parameter in intent.parameters {
                properties[parameter.name] = schema(for: parameter, in: app)
            }
            let required = intent.parameters.filter(\.required).map(\.name)
            let appName = app?.displayName ?? intent.app
            var description = "\(appName): \(intent.title)."
            if !intent.description.isEmpty { description += " " + intent.description }
            if intent.opensApp { description += " Opens \(appName) on the phone." }
            if intent.confirm { description += " Asks the user to confirm first." }
            return ToolDefinition(function: .init(
                name: intent.toolName,
                description: description,
                parameters: JSONSchema(
                    type: "object", properties: properties, required: required, additionalProperties: false)))
        }
    }

    private func schema(for parameter: ParameterDefinition, in app: AppDefinition?) -> JSONSchema {
        let title = parameter.title ?? parameter.name
        switch parameter.type {
        case .string:
            return JSONSchema(type: "string", description: title, default: parameter.defaultValue.map { .string($0) })
        case .integer:
            return JSONSchema(
                type: "integer", description: title, default: parameter.defaultValue.flatMap(Int.init).map { .integer($0) })
        case .duration:
            return JSONSchema(
                type: "integer", description: "\(title), in minutes", minimum: 0,
                default: parameter.defaultValue.flatMap(Int.init).map { .integer($0) })
        case .date:
            return JSONSchema(type: "string", description: "\(title), an ISO-8601 date and time", format: "date-time")
        case .bool:
            return JSONSchema(
                type: "boolean", description: title, default: parameter.defaultValue.map { .bool($0 == "true") })
        case .enumeration(let name):
            let cases = app?.enumeration(named: name)?.cases.map(\.value) ?? []
            return JSONSchema(
                type: "string", description: title, enum: cases, default: parameter.defaultValue.map { .string($0) })
        case .entity(let name):
            let entityTitle = app?.entity(named: name)?.title ?? name
            return JSONSchema(type: "string", description: "\(title): the \(entityTitle.lowercased()) as the user named it")
        }
    }
}
