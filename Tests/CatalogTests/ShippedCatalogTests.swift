import Catalog
import Testing

@Suite struct ShippedCatalogTests {
    @Test func everyShippedFileLoads() throws {
        let catalog = try Catalog.load(directory: Fixtures.appsDirectory)
        #expect(Set(catalog.apps.map(\.name)) == ["oppi", "nagz", "moodboard", "codingbridge"])
    }

    /// Every intent the four seeds describe, with the parameters they give it.
    static let seedIntents: [(id: String, parameters: [String: (type: ParameterType, required: Bool)])] = [
        ("oppi.AskPiIntent", [
            "prompt": (.string, true), "workspace": (.entity("ServerWorkspaceEntity"), true),
            "model": (.string, false), "thinking": (.enumeration("ThinkingLevel"), false),
        ]),
        ("oppi.OpenNewSessionIntent", ["workspace": (.entity("ServerWorkspaceEntity"), false)]),
        ("nagz.CreateNagIntent", [
            "recipient": (.entity("FamilyMemberEntity"), true), "category": (.enumeration("NagCategory"), true),
            "dueAt": (.date, true), "description": (.string, false),
        ]),
        ("nagz.CompleteNagIntent", ["nag": (.entity("NagEntity"), true), "note": (.string, false)]),
        ("nagz.ListNagsIntent", ["category": (.enumeration("NagCategory"), false)]),
        ("nagz.CheckOverdueIntent", [:]),
        ("nagz.SnoozeNagIntent", ["nag": (.entity("NagEntity"), true), "minutes": (.duration, false)]),
        ("nagz.FamilyStatusIntent", [:]),
        ("moodboard.AddMoodIntent", [
            "title": (.string, true), "emoji": (.string, false), "category": (.enumeration("MoodCategory"), false),
        ]),
        ("moodboard.AnalyzeMoodIntent", [:]),
        ("moodboard.GetCurrentMoodIntent", [:]),
        ("codingbridge.QuickChatIntent", ["message": (.string, false)]),
        ("codingbridge.OpenProjectIntent", ["project": (.entity("ProjectEntity"), false)]),
        ("codingbridge.ResumeSessionIntent", [:]),
        ("codingbridge.RunCommandIntent", [
            "command": (.entity("CommandEntity"), true), "project": (.entity("ProjectEntity"), false),
        ]),
        ("codingbridge.GitStatusIntent", ["project": (.entity("ProjectEntity"), false)]),
        ("codingbridge.SearchSessionsIntent", ["query": (.string, true)]),
        ("codingbridge.CaptureIdeaIntent", ["idea": (.string, true), "project": (.entity("ProjectEntity"), false)]),
    ]

    @Test(arguments: seedIntents.map(\.id))
    func seedIntentIsPresentWithItsParameters(id: String) throws {
        let expected = try #require(Self.seedIntents.first { $0.id == id }).parameters
        let intent = try #require(Fixtures.shipped.intent(id: id))
        #expect(Set(intent.parameters.map(\.name)) == Set(expected.keys))
        for parameter in intent.parameters {
            #expect(parameter.type == expected[parameter.name]?.type, "\(id).\(parameter.name)")
            #expect(parameter.required == expected[parameter.name]?.required, "\(id).\(parameter.name)")
            if parameter.required { #expect(parameter.prompt != nil, "\(id).\(parameter.name) needs a prompt") }
        }
        #expect(!intent.title.isEmpty)
        #expect(intent.operation != nil)
        #expect(!intent.phrases.isEmpty || !intent.utterances.isEmpty)
    }

    @Test func seedPhrasesAreKeptInTheirSwiftForm() throws {
        let askPi = try #require(Fixtures.shipped.intent(id: "oppi.AskPiIntent"))
        #expect(askPi.phrases.contains(#"Ask \(.applicationName) \(\.$prompt)"#))
        let search = try #require(Fixtures.shipped.intent(id: "codingbridge.SearchSessionsIntent"))
        #expect(search.phrases.contains(#"Find \(\.$query) in my chats"#))
    }

    @Test func seedBehaviourIsCarriedOver() throws {
        let catalog = Fixtures.shipped
        #expect(catalog.intent(id: "oppi.OpenNewSessionIntent")?.opensApp == true)
        #expect(catalog.intent(id: "oppi.AskPiIntent")?.opensApp == false)
        #expect(catalog.intent(id: "codingbridge.CaptureIdeaIntent")?.opensApp == false)
        #expect(catalog.intent(id: "codingbridge.SearchSessionsIntent")?.opensApp == true)
        #expect(catalog.intent(id: "nagz.CreateNagIntent")?.allowedRoles == ["guardian", "participant"])
        #expect(catalog.intent(id: "nagz.FamilyStatusIntent")?.allowedRoles == ["guardian"])
        #expect(catalog.intent(id: "codingbridge.RunCommandIntent")?.confirm == true)
        #expect(catalog.intent(id: "nagz.SnoozeNagIntent")?.parameter(named: "minutes")?.defaultValue == "15")
        #expect(catalog.intent(id: "oppi.AskPiIntent")?.parameter(named: "thinking")?.defaultValue == "medium")
        #expect(catalog.intent(id: "nagz.CreateNagIntent")?.parameter(named: "description")?.sensitive == true)
        #expect(catalog.intent(id: "nagz.CreateNagIntent")?.dialogs["success"]
            == "Created {category} nag for {recipient}, due {dueAt}.")
        #expect(catalog.intent(id: "codingbridge.SearchSessionsIntent")?.parameter(named: "query")?.prompt
            == "What are you looking for?")
    }

    @Test func appsCarryConnectorsAndErrors() throws {
        let catalog = Fixtures.shipped
        let nagz = try #require(catalog.app(named: "nagz"))
        #expect(nagz.connector == ConnectorDefinition(kind: .http, baseURLEnv: "NAGZ_BASE_URL", tokenEnv: "NAGZ_TOKEN"))
        #expect(nagz.errorDialogs["unreachable"] == "I can't reach Nagz right now.")
        #expect(nagz.errorDialogs["not_logged_in"] != nil)
        #expect(catalog.app(named: "oppi")?.connector.kind == .http)
        #expect(catalog.app(named: "moodboard")?.connector.kind == .client)
        #expect(catalog.app(named: "codingbridge")?.connector.kind == .client)
    }

    @Test func enumsCarryTheirSynonyms() throws {
        let nagz = try #require(Fixtures.shipped.app(named: "nagz"))
        let categories = try #require(nagz.enumeration(named: "NagCategory"))
        #expect(categories.cases.map(\.value) == ["chores", "meds", "homework", "appointments", "other"])
        let meds = try #require(categories.cases.first { $0.value == "meds" })
        #expect(Set(["medicine", "medication", "pills"]).isSubset(of: meds.synonyms))
        let thinking = try #require(Fixtures.shipped.app(named: "oppi")?.enumeration(named: "ThinkingLevel"))
        #expect(thinking.cases.map(\.value) == ["off", "low", "medium", "high"])
    }

    @Test func entitiesNameTheirDisplayField() throws {
        let catalog = Fixtures.shipped
        let member = try #require(catalog.app(named: "nagz")?.entity(named: "FamilyMemberEntity"))
        #expect(member.displayField == "displayName")
        #expect(member.fields.map(\.name) == ["id", "displayName", "role"])
        let project = try #require(catalog.app(named: "codingbridge")?.entity(named: "ProjectEntity"))
        #expect(project.idField == "path")
    }

    @Test func intentsAreFoundByToolName() throws {
        let catalog = Fixtures.shipped
        for intent in catalog.intents {
            #expect(catalog.intent(toolName: intent.toolName)?.id == intent.id)
        }
        #expect(catalog.intent(toolName: "nagz_NoSuchIntent") == nil)
        #expect(catalog.intent(toolName: "nonsense") == nil)
    }
}
