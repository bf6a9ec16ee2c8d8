/// Reads one catalog file into an `AppDefinition`, checking everything that can be
/// checked inside the file; each problem is reported at its line.
struct AppDefinitionDecoder {
    private static let appKeys: Set<String> = [
        "name", "display_name", "aliases", "url_scheme", "connector", "roles", "error_dialogs",
        "entities", "enums", "rules", "intents", "takes_over_requests",
    ]
    private static let connectorKeys: Set<String> = ["kind", "base_url_env", "token_env"]
    private static let entityKeys: Set<String> = ["title", "fields", "id_field", "display", "query", "labels"]
    private static let enumKeys: Set<String> = ["title", "cases"]
    private static let caseKeys: Set<String> = ["title", "synonyms"]

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
        let takesOverRequests = try decodeTakesOverRequests(app.optional("takes_over_requests"), intents: intents)
        return AppDefinition(
            name: name, displayName: displayName, aliases: aliases, urlScheme: urlScheme, connector: connector,
            roles: roles, entities: entities, enums: enums, errorDialogs: errorDialogs, rules: rules,
            intents: intents, takesOverRequests: takesOverRequests, source: root.location)
    }

    /// One of the app's intents, with a text parameter for the request's words.
    private func decodeTakesOverRequests(_ value: YAMLValue?, intents: [IntentDefinition]) throws -> String? {
        guard let value else { return nil }
        let id = try value.nonEmptyString(what: "takes_over_requests")
        guard let intent = intents.first(where: { $0.id == id }) else {
            throw value.error("takes_over_requests names '\(id)', which is not one of this app's intents")
        }
        guard intent.parameters.contains(where: \.takesText) else {
            throw value.error("takes_over_requests: '\(id)' has no string parameter to take the request's words")
        }
        return id
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

    func decodeStringMap(_ value: YAMLValue?, what: String) throws -> [String: String] {
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
                query: try body.optional("query")?.nonEmptyString(what: "query"),
                labels: try body.optional("labels")?.strings(what: "labels").map { $0.lowercased() } ?? [])
        }
    }

    /// Rules may use other rules, in any order, but not in a cycle.
    private func decodeRules(_ value: YAMLValue?) throws -> ([String: String], [String: PhrasePattern]) {
        guard let value else { return ([:], [:]) }
        var texts: [String: String] = [:]
        var patterns: [String: PhrasePattern] = [:]
        let entries = try value.mapping(what: "rules").entries
        for entry in entries {
            guard Identifier.isMemberName(entry.key), entry.key != "app" else {
                throw CatalogError(file: file, line: entry.keyLine, message: "bad rule name '\(entry.key)'")
            }
            let text = try entry.value.nonEmptyString(what: "rule \(entry.key)")
            texts[entry.key] = text
            patterns[entry.key] = try parsePattern(text, at: entry.value, swiftForm: false)
        }
        for entry in entries {
            var path = [entry.key]
            try checkRuleReferences(entry.key, patterns: patterns, path: &path, at: entry.value)
        }
        return (texts, patterns)
    }

    private func checkRuleReferences(
        _ name: String, patterns: [String: PhrasePattern], path: inout [String], at value: YAMLValue
    ) throws {
        for reference in patterns[name]?.ruleNames ?? [] {
            guard patterns[reference] != nil else { throw value.error("unknown rule <\(reference)> in rule \(path[0])") }
            guard !path.contains(reference) else {
                throw value.error("rules refer to each other in a cycle: \((path + [reference]).joined(separator: " -> "))")
            }
            path.append(reference)
            try checkRuleReferences(reference, patterns: patterns, path: &path, at: value)
            path.removeLast()
        }
    }

    func parameterType(
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

    func parsePattern(_ text: String, at value: YAMLValue, swiftForm: Bool) throws -> PhrasePattern {
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
