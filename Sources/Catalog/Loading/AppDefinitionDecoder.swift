/// Reads one catalog file into an `AppDefinition`, checking everything that can be
/// checked inside the file; each problem is reported at its line.
struct AppDefinitionDecoder {
    private static let appKeys: Set<String> = [
        "name", "display_name", "aliases", "url_scheme", "connector", "roles", "error_dialogs",
        "entities", "enums", "rules", "intents",
    ]
    private static let connectorKeys: Set<String> = ["kind", "base_url_env", "token_env"]
    private static let entityKeys: Set<String> = ["title", "fields", "id_field", "display", "query"]
    private static let enumKeys: Set<String> = ["title", "cases"]
    private static let caseKeys: Set<String> = ["title", "synonyms"]
    private static let supportedModes: Set<String> = ["background", "foreground"]

    let file: String

    func decode(_ root: YAMLValue) throws -> AppDefinition {
        let app = try root.mapping(allowed: Self.appKeys, what: "the app")
        let nameValue = try app.required("name", in: "the app")
        let name = try nameValue.nonEmptyString(what: "name")
        guard Identifier.isAppName(name) else {
            throw nameValue.error("name '\(name)' must be lower-case letters and digits, starting with a letter")
        }
        let displayName = try app.required("display_name", in: "the app").nonEmptyString(what: "display_name")
        let aliases = try app.optional("aliases")?.strings(what: "aliases") ?? []
        let urlScheme = try app.optional("url_scheme")?.nonEmptyString(what: "url_scheme")
        let connector = try decodeConnector(try app.required("connector", in: "the app"))
        let roles = try app.optional("roles")?.strings(what: "roles") ?? []
        let errorDialogs = try decodeStringMap(app.optional("error_dialogs"), what: "error_dialogs")
        if connector.kind != .none, errorDialogs["unreachable"] == nil {
            throw (app.optional("error_dialogs") ?? app.owner)
                .error("error_dialogs needs 'unreachable': what Jiri says when \(displayName) cannot be reached")
        }
        let enums = try decodeEnums(app.optional("enums"))
        let entities = try decodeEntities(app.optional("entities"), enums: enums)
        let (rules, parsedRules) = try decodeRules(app.optional("rules"))
        let context = IntentContext(app: name, roles: roles, enums: enums, entities: entities, rules: parsedRules)
        let intents = try decodeIntents(try app.required("intents", in: "the app"), context: context)
        return AppDefinition(
            name: name, displayName: displayName, aliases: aliases, urlScheme: urlScheme, connector: connector,
            roles: roles, entities: entities, enums: enums, errorDialogs: errorDialogs, rules: rules,
            intents: intents, source: root.location)
    }

    // MARK: App parts

    private func decodeConnector(_ value: YAMLValue) throws -> ConnectorDefinition {
        let connector = try value.mapping(allowed: Self.connectorKeys, what: "connector")
        let kindValue = try connector.required("kind", in: "connector")
        let kindName = try kindValue.nonEmptyString(what: "connector kind")
        guard let kind = ConnectorDefinition.Kind(rawValue: kindName) else {
            let kinds = ConnectorDefinition.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw kindValue.error("unknown connector kind '\(kindName)' (known: \(kinds))")
        }
        let baseURLEnv = try connector.optional("base_url_env")?.nonEmptyString(what: "base_url_env")
        let tokenEnv = try connector.optional("token_env")?.nonEmptyString(what: "token_env")
        if kind == .http, baseURLEnv == nil {
            throw value.error("an http connector needs base_url_env, the environment variable with its base URL")
        }
        if kind != .http, let stray = connector.optional("base_url_env") ?? connector.optional("token_env") {
            throw stray.error("only an http connector takes base_url_env and token_env")
        }
        return ConnectorDefinition(kind: kind, baseURLEnv: baseURLEnv, tokenEnv: tokenEnv)
    }

    private func decodeStringMap(_ value: YAMLValue?, what: String) throws -> [String: String] {
        guard let value else { return [:] }
        var result: [String: String] = [:]
        for entry in try value.mapping(what: what).entries {
            result[entry.key] = try entry.value.nonEmptyString(what: "\(what).\(entry.key)")
        }
        return result
    }

    private func decodeEnums(_ value: YAMLValue?) throws -> [EnumDefinition] {
        guard let value else { return [] }
        return try value.mapping(what: "enums").entries.map { entry in
            try requireTypeName(entry.key, line: entry.keyLine, what: "enum")
            let body = try entry.value.mapping(allowed: Self.enumKeys, what: "enum \(entry.key)")
            let title = try body.optional("title")?.nonEmptyString(what: "title") ?? entry.key
            let casesValue = try body.required("cases", in: "enum \(entry.key)")
            let cases = try casesValue.mapping(what: "cases of \(entry.key)").entries.map { caseEntry in
                let caseBody = try caseEntry.value.mapping(allowed: Self.caseKeys, what: "case \(caseEntry.key)")
                return EnumDefinition.Case(
                    value: caseEntry.key,
                    title: try caseBody.optional("title")?.nonEmptyString(what: "title") ?? caseEntry.key,
                    synonyms: try caseBody.optional("synonyms")?.strings(what: "synonyms") ?? [])
            }
            guard !cases.isEmpty else { throw casesValue.error("enum \(entry.key) has no cases") }
            var owners: [String: String] = [:]
            for enumCase in cases {
                for form in enumCase.spokenForms {
                    let key = form.lowercased()
                    if let owner = owners[key], owner != enumCase.value {
                        throw casesValue.error("'\(form)' names both \(owner) and \(enumCase.value) in enum \(entry.key)")
                    }
                    owners[key] = enumCase.value
                }
            }
            return EnumDefinition(name: entry.key, title: title, cases: cases)
        }
    }

    private func decodeEntities(_ value: YAMLValue?, enums: [EnumDefinition]) throws -> [EntityDefinition] {
        guard let value else { return [] }
        return try value.mapping(what: "entities").entries.map { entry in
            try requireTypeName(entry.key, line: entry.keyLine, what: "entity")
            let body = try entry.value.mapping(allowed: Self.entityKeys, what: "entity \(entry.key)")
            let fieldsValue = try body.required("fields", in: "entity \(entry.key)")
            let fields = try fieldsValue.mapping(what: "fields of \(entry.key)").entries.map { field in
                guard Identifier.isMemberName(field.key) else {
                    throw CatalogError(file: file, line: field.keyLine, message: "bad field name '\(field.key)'")
                }
                let type = try parameterType(field.value, enums: enums, entityNames: nil)
                return EntityDefinition.Field(name: field.key, type: type)
            }
            let names = Set(fields.map(\.name))
            let idField = try body.optional("id_field")?.nonEmptyString(what: "id_field") ?? "id"
            guard names.contains(idField) else {
                throw (body.optional("id_field") ?? fieldsValue).error("entity \(entry.key) has no field '\(idField)' to identify it")
            }
            let displayValue = try body.required("display", in: "entity \(entry.key)")
            let display = try displayValue.nonEmptyString(what: "display")
            guard names.contains(display) else {
                throw displayValue.error("display names unknown field '\(display)' of \(entry.key)")
            }
            return EntityDefinition(
                name: entry.key,
                title: try body.optional("title")?.nonEmptyString(what: "title") ?? entry.key,
                fields: fields, idField: idField, displayField: display,
                query: try body.optional("query")?.nonEmptyString(what: "query"))
        }
    }

    private func decodeRules(_ value: YAMLValue?) throws -> ([String: String], [String: PhrasePattern]) {
        guard let value else { return ([:], [:]) }
        var texts: [String: String] = [:]
        var patterns: [String: PhrasePattern] = [:]
        for entry in try value.mapping(what: "rules").entries {
            guard Identifier.isMemberName(entry.key), entry.key != "app" else {
                throw CatalogError(file: file, line: entry.keyLine, message: "bad rule name '\(entry.key)'")
            }
            let text = try entry.value.nonEmptyString(what: "rule \(entry.key)")
            let pattern = try parsePattern(text, at: entry.value, swiftForm: false)
            if let nested = pattern.ruleNames.first {
                throw entry.value.error("rule \(entry.key) references <\(nested)>: rules cannot use other rules")
            }
            texts[entry.key] = text
            patterns[entry.key] = pattern
        }
        return (texts, patterns)
    }

    // MARK: Intents

    private struct IntentContext {
        let app: String
        let roles: [String]
        let enums: [EnumDefinition]
        let entities: [EntityDefinition]
        let rules: [String: PhrasePattern]
    }

    private static let intentKeys: Set<String> = [
        "id", "title", "description", "operation", "open_app_when_run", "supported_modes", "allowed_roles",
        "confirm", "parameters", "phrases", "utterances", "dialogs", "result",
    ]
    private static let parameterKeys: Set<String> = [
        "name", "title", "type", "required", "default", "prompt", "sensitive", "infer_from",
    ]

    private func decodeIntents(_ value: YAMLValue, context: IntentContext) throws -> [IntentDefinition] {
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
            opensApp: openAppWhenRun || !modes.contains("background"),
            supportedModes: modes,
            allowedRoles: allowedRoles,
            confirm: try body.optional("confirm")?.bool(what: "confirm") ?? false,
            dialogs: dialogs,
            operation: try body.optional("operation")?.nonEmptyString(what: "operation"),
            resultFields: resultFields,
            source: value.location)
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

    private func parameterType(
        _ value: YAMLValue, enums: [EnumDefinition], entityNames: Set<String>?
    ) throws -> ParameterType {
        let name = try value.nonEmptyString(what: "type")
        guard let type = ParameterType(catalogName: name) else {
            throw value.error(
                "bad type '\(name)' (use string, integer, duration, date, bool, enum:<Name> or entity:<Name>)")
        }
        switch type {
        case .enumeration(let enumName) where !enums.contains(where: { $0.name == enumName }):
            throw value.error("unknown enum '\(enumName)'")
        case .entity(let entityName):
            guard let entityNames else { throw value.error("entity fields cannot refer to entities") }
            guard entityNames.contains(entityName) else { throw value.error("unknown entity '\(entityName)'") }
        default:
            break
        }
        return type
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
        guard inlined.hasRequiredAnchor else {
            throw value.error("'\(text)' needs at least one word or <app> that is not optional")
        }
    }

    private func parsePattern(_ text: String, at value: YAMLValue, swiftForm: Bool) throws -> PhrasePattern {
        do {
            return swiftForm ? try PhrasePattern.parseSwiftPhrase(text) : try PhrasePattern.parseUtterance(text)
        } catch {
            throw value.error("in '\(text)': \(error)")
        }
    }

    private func requireTypeName(_ name: String, line: Int, what: String) throws {
        guard Identifier.isTypeName(name) else {
            throw CatalogError(file: file, line: line, message: "bad \(what) name '\(name)'")
        }
    }
}
