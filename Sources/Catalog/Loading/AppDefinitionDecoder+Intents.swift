/// Intents, their parameters and their phrases: the part of a catalog file that
/// refers to everything else in it.
extension AppDefinitionDecoder {
    struct IntentContext {
        let app: String
        let roles: [String]
        let enums: [EnumDefinition]
        let entities: [EntityDefinition]
        let rules: [String: PhrasePattern]
    }

    private static let intentKeys: Set<String> = [
        "id", "title", "description", "operation", "open_app_when_run", "supported_modes", "allowed_roles",
        "confirm", "parameters", "phrases", "utterances", "said_alone", "gist", "gist_unless", "gist_addressed_only", "dialogs", "result",
    ]
    private static let supportedModes: Set<String> = ["background", "foreground"]
    private static let parameterKeys: Set<String> = [
        "name", "title", "type", "required", "default", "prompt", "hint", "sensitive", "infer_from",
    ]

    func decodeIntents(_ value: YAMLValue, context: IntentContext) throws -> [IntentDefinition] {
        var seen: [String: Int] = [:]
        return try value.sequence(what: "intents").map { item in
            let intent = try decodeIntent(item, context: context)
            if let first = seen[intent.id] {
                throw item.error("duplicate intent id '\(intent.id)' (first defined at line \(first))")
            }
            seen[intent.id] = item.line
            return intent
        }
    }

    private func decodeIntent(_ value: YAMLValue, context: IntentContext) throws -> IntentDefinition {
        let body = try value.mapping(allowed: Self.intentKeys, what: "an intent")
        let idValue = try body.required("id", in: "an intent")
        let id = try idValue.nonEmptyString(what: "id")
        let prefix = context.app + "."
        let typeName = String(id.dropFirst(prefix.count))
        guard id.hasPrefix(prefix), Identifier.isTypeName(typeName) else {
            throw idValue.error("intent id '\(id)' must be '\(prefix)<SwiftTypeName>'")
        }
        let parameters = try decodeParameters(body.optional("parameters"), context: context)
        let parameterNames = Set(parameters.map(\.name))

        let modesValue = body.optional("supported_modes")
        let modes = try modesValue?.strings(what: "supported_modes") ?? ["background"]
        if let unknown = modes.first(where: { !Self.supportedModes.contains($0) }) {
            throw (modesValue ?? value).error("unknown supported mode '\(unknown)' (known: background, foreground)")
        }
        let openAppWhenRun = try body.optional("open_app_when_run")?.bool(what: "open_app_when_run") ?? false

        let rolesValue = body.optional("allowed_roles")
        let allowedRoles = try rolesValue?.strings(what: "allowed_roles")
        if let allowedRoles, !context.roles.isEmpty,
           let unknown = allowedRoles.first(where: { !context.roles.contains($0) }) {
            throw rolesValue!.error("unknown role '\(unknown)' (the app's roles: \(context.roles.joined(separator: ", ")))")
        }

        let phrases = try body.optional("phrases")?.sequence(what: "phrases") ?? []
        for phrase in phrases {
            try checkPattern(phrase, swiftForm: true, parameters: parameterNames, context: context)
        }
        let utterances = try body.optional("utterances")?.sequence(what: "utterances") ?? []
        for utterance in utterances {
            try checkPattern(utterance, swiftForm: false, parameters: parameterNames, context: context)
        }

        let saidAloneValue = body.optional("said_alone")
        let saidAlone = try saidAloneValue?.strings(what: "said_alone") ?? []
        if let bad = saidAlone.first(where: { !Catalog.isSaidAlonePhrase($0) }) {
            throw saidAloneValue!.error("said_alone '\(bad)' must be one to four words (letters, digits, apostrophes) or <app>")
        }

        let gist = try decodeGist(body, parameters: parameters)

        let resultFields = try body.optional("result")?.strings(what: "result") ?? []
        if let clash = resultFields.first(where: parameterNames.contains) {
            throw body.optional("result")!.error("result field '\(clash)' is also a parameter")
        }
        let dialogsValue = body.optional("dialogs")
        let dialogs = try decodeStringMap(dialogsValue, what: "dialogs")
        for (key, template) in dialogs {
            for placeholder in DialogTemplate.placeholders(in: template)
            where !parameterNames.contains(placeholder) && !resultFields.contains(placeholder) {
                let line = dialogsValue?.node.mapping.flatMap { mapping in
                    mapping.first { $0.key.string == key }?.value.mark?.line
                }
                throw CatalogError(
                    file: file, line: line ?? dialogsValue?.line,
                    message: "dialog '\(key)' uses unknown placeholder {\(placeholder)} (not a parameter or result field)")
            }
        }

        return IntentDefinition(
            id: id, app: context.app, typeName: typeName,
            title: try body.required("title", in: "intent \(id)").nonEmptyString(what: "title"),
            description: try body.optional("description")?.nonEmptyString(what: "description") ?? "",
            parameters: parameters,
            phrases: try phrases.map { try $0.nonEmptyString(what: "phrase") },
            utterances: try utterances.map { try $0.nonEmptyString(what: "utterance") },
            saidAlone: saidAlone,
            gist: gist,
            opensApp: openAppWhenRun || !modes.contains("background"),
            supportedModes: modes,
            allowedRoles: allowedRoles,
            confirm: try body.optional("confirm")?.bool(what: "confirm") ?? false,
            dialogs: dialogs,
            operation: try body.optional("operation")?.nonEmptyString(what: "operation"),
            resultFields: resultFields,
            source: value.location)
    }

    /// `gist`: groups of folded words or phrases, each group a list; `gist_unless`: a list;
    /// `gist_addressed_only`: heard only in a request to the app that its catch-all read. Only for
    /// intents that need no value, since a gist hears none, unless addressed only: the user then
    /// said more to the app, and is asked for the value.
    private func decodeGist(_ body: YAMLMapping, parameters: [ParameterDefinition]) throws -> IntentGist? {
        guard let value = body.optional("gist") else {
            for key in ["gist_unless", "gist_addressed_only"] {
                if let stray = body.optional(key) { throw stray.error("\(key) without a gist") }
            }
            return nil
        }
        let addressedOnly = try body.optional("gist_addressed_only")?.bool(what: "gist_addressed_only") ?? false
        if !addressedOnly, parameters.contains(where: { $0.required && $0.defaultValue == nil }) {
            throw value.error("gist on an intent with a required parameter: a gist hears no values (gist_addressed_only: true asks for them)")
        }
        let groups = try value.sequence(what: "gist").map { try $0.strings(what: "gist group") }
        let unless = try body.optional("gist_unless")?.strings(what: "gist_unless") ?? []
        for phrase in groups.joined() + unless where phrase != "<app>" && Catalog.saidAloneKey(phrase) != phrase {
            throw value.error("gist word '\(phrase)' must be lower case letters and digits, words apart by one space")
        }
        if groups.isEmpty || groups.contains(where: { $0.isEmpty }) { throw value.error("gist needs groups of words, none empty") }
        return IntentGist(groups: groups, unless: unless, addressedOnly: addressedOnly)
    }

    private func decodeParameters(_ value: YAMLValue?, context: IntentContext) throws -> [ParameterDefinition] {
        guard let value else { return [] }
        let items = try value.sequence(what: "parameters")
        var parameters: [ParameterDefinition] = []
        var inferences: [(YAMLValue, [String])] = []
        for item in items {
            let body = try item.mapping(allowed: Self.parameterKeys, what: "a parameter")
            let nameValue = try body.required("name", in: "a parameter")
            let name = try nameValue.nonEmptyString(what: "name")
            guard Identifier.isMemberName(name) else { throw nameValue.error("bad parameter name '\(name)'") }
            guard !parameters.contains(where: { $0.name == name }) else {
                throw nameValue.error("duplicate parameter '\(name)'")
            }
            let type = try parameterType(
                try body.required("type", in: "parameter \(name)"), enums: context.enums,
                entityNames: Set(context.entities.map(\.name)))
            let defaultValue = try body.optional("default")?.string(what: "default")
            if let defaultValue, let defaultNode = body.optional("default") {
                try checkDefault(defaultValue, type: type, at: defaultNode, enums: context.enums)
            }
            let inferValue = body.optional("infer_from")
            let inferFrom = try inferValue?.strings(what: "infer_from") ?? []
            if let inferValue {
                guard case .enumeration = type else { throw inferValue.error("only enum parameters take infer_from") }
                inferences.append((inferValue, inferFrom))
            }
            parameters.append(ParameterDefinition(
                name: name, type: type,
                required: try body.optional("required")?.bool(what: "required") ?? false,
                defaultValue: defaultValue,
                prompt: try body.optional("prompt")?.nonEmptyString(what: "prompt"),
                hint: try body.optional("hint")?.nonEmptyString(what: "hint"),
                sensitive: try body.optional("sensitive")?.bool(what: "sensitive") ?? false,
                title: try body.optional("title")?.nonEmptyString(what: "title"),
                inferFrom: inferFrom))
        }
        for (node, sources) in inferences {
            for source in sources where parameters.first(where: { $0.name == source })?.type != .string {
                throw node.error("infer_from names '\(source)', which is not a string parameter of this intent")
            }
        }
        return parameters
    }

    private func checkDefault(_ text: String, type: ParameterType, at value: YAMLValue, enums: [EnumDefinition]) throws {
        switch type {
        case .integer, .duration:
            guard Int(text) != nil else { throw value.error("default '\(text)' is not a whole number") }
        case .bool:
            guard ["true", "false"].contains(text) else { throw value.error("default '\(text)' is not true or false") }
        case .enumeration(let name):
            let cases = enums.first { $0.name == name }?.cases.map(\.value) ?? []
            guard cases.contains(text) else {
                throw value.error("default '\(text)' is not a case of \(name) (\(cases.joined(separator: ", ")))")
            }
        case .string, .date, .entity:
            break
        }
    }

    private func checkPattern(
        _ value: YAMLValue, swiftForm: Bool, parameters: Set<String>, context: IntentContext
    ) throws {
        let text = try value.nonEmptyString(what: swiftForm ? "phrase" : "utterance")
        let pattern = try parsePattern(text, at: value, swiftForm: swiftForm)
        for rule in pattern.ruleNames where context.rules[rule] == nil {
            throw value.error("unknown rule <\(rule)> in '\(text)'")
        }
        let inlined = pattern.inliningRules(context.rules)
        for slot in inlined.slotNames where !parameters.contains(slot) {
            throw value.error("unknown parameter '\(slot)' in '\(text)'")
        }
        for enumName in inlined.spokenEnumNames where !context.enums.contains(where: { $0.name == enumName }) {
            throw value.error("unknown enum '\(enumName)' in '\(text)'")
        }
        guard inlined.hasRequiredAnchor else {
            throw value.error("'\(text)' needs at least one word or <app> that is not optional")
        }
    }
}
