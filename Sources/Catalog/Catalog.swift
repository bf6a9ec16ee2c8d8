import Foundation

/// Every app Jiri can talk to and the intents they expose, loaded from one YAML
/// file per app (`deploy/config/apps/*.yaml`) and validated as a whole.
public struct Catalog: Sendable {
    /// Read-only so the lookups by id and name always agree with them.
    public private(set) var apps: [AppDefinition]
    /// Every intent of every app, in file order.
    public private(set) var intents: [IntentDefinition]
    private let intentIndex: [String: Int]
    private let appIndex: [String: Int]
    let saidAloneIndex: [String: Int]
    let gistIndex: [String: GistEntry]
    /// Each app's spoken names, folded as an utterance's words are, to the app's name.
    let spokenAppIndex: [String: String]

    /// Validates what can only be checked across apps: unique app names, unique
    /// intent ids, no spoken name shared by two apps, and no words said alone that ask for
    /// two intents.
    public init(apps: [AppDefinition]) throws {
        var appIndex: [String: Int] = [:]
        var intentIndex: [String: Int] = [:]
        var saidAloneIndex: [String: Int] = [:]
        var intents: [IntentDefinition] = []
        var spokenAppIndex: [String: String] = [:]
        for (position, app) in apps.enumerated() {
            guard appIndex[app.name] == nil else {
                throw CatalogError("app '\(app.name)' is defined twice", at: app.source)
            }
            appIndex[app.name] = position
            for spoken in app.spokenNames {
                let key = Self.saidAloneKey(spoken)
                if let owner = spokenAppIndex[key], owner != app.name {
                    throw CatalogError("'\(spoken)' names both \(owner) and \(app.name)", at: app.source)
                }
                spokenAppIndex[key] = app.name
            }
            for intent in app.intents {
                guard intent.app == app.name else {
                    throw CatalogError("intent \(intent.id) does not belong to app \(app.name)", at: intent.source)
                }
                guard intentIndex[intent.id] == nil else {
                    throw CatalogError("duplicate intent id '\(intent.id)'", at: intent.source)
                }
                for key in Self.saidAloneKeys(of: intent, app: app) {
                    if let other = saidAloneIndex[key], other != intents.count {
                        throw CatalogError("'\(key)' said alone asks for both \(intents[other].id) and \(intent.id)", at: intent.source)
                    }
                    saidAloneIndex[key] = intents.count
                }
                intentIndex[intent.id] = intents.count
                intents.append(intent)
            }
        }
        self.apps = apps
        self.intents = intents
        self.intentIndex = intentIndex
        self.appIndex = appIndex
        self.saidAloneIndex = saidAloneIndex
        self.gistIndex = Self.gistIndex(of: intents, apps: apps, spokenAppIndex: spokenAppIndex)
        self.spokenAppIndex = spokenAppIndex
    }

    /// Loads every `*.yaml` / `*.yml` file of a directory, in name order.
    public static func load(directory: URL) throws -> Catalog {
        let path = directory.path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw CatalogError(file: path, line: nil, message: "cannot read the catalog directory")
        }
        let files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        guard !files.isEmpty else {
            throw CatalogError(file: path, line: nil, message: "no catalog files (*.yaml) in the directory")
        }
        let apps = try files.map { name in
            let file = directory.appendingPathComponent(name).path
            let yaml: String
            do {
                yaml = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw CatalogError(file: file, line: nil, message: "cannot read the file as UTF-8")
            }
            return try parse(yaml: yaml, source: file)
        }
        return try Catalog(apps: apps)
    }

    /// Parses and validates one app's catalog file; `source` names it in errors.
    public static func parse(yaml: String, source: String) throws -> AppDefinition {
        let root = try YAMLValue.document(yaml: yaml, file: source)
        return try AppDefinitionDecoder(file: source).decode(root)
    }

    public func intent(id: String) -> IntentDefinition? {
        intentIndex[id].map { intents[$0] }
    }

    /// The intent exported under a tool name (`nagz_CreateNagIntent`).
    public func intent(toolName: String) -> IntentDefinition? {
        guard let separator = toolName.firstIndex(of: "_") else { return nil }
        var id = toolName
        id.replaceSubrange(separator...separator, with: ".")
        return intent(id: id)
    }

    public func app(named name: String) -> AppDefinition? {
        appIndex[name].map { apps[$0] }
    }

    /// The app an intent belongs to.
    public func app(of intent: IntentDefinition) -> AppDefinition? {
        app(named: intent.app)
    }
}
