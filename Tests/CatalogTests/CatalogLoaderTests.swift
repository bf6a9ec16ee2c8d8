import Catalog
import Foundation
import Testing

@Suite struct CatalogLoaderTests {
    private func failure(parsing yaml: String) -> CatalogError? {
        do {
            _ = try Catalog.parse(yaml: yaml, source: "demo.yaml")
            return nil
        } catch let error as CatalogError {
            return error
        } catch {
            Issue.record("unexpected error type \(error)")
            return nil
        }
    }

    @Test func minimalFileParses() throws {
        let app = try Catalog.parse(yaml: Fixtures.minimalApp, source: "demo.yaml")
        #expect(app.name == "demo")
        #expect(app.intents.map(\.id) == ["demo.PaintIntent"])
        #expect(app.intents[0].typeName == "PaintIntent")
        #expect(app.intents[0].parameters.map(\.name) == ["thing", "color"])
        #expect(app.intents[0].source == SourceLocation(file: "demo.yaml", line: Fixtures.line(of: "- id: demo.PaintIntent", in: Fixtures.minimalApp)!))
    }

    @Test func aParameterCarriesItsHint() throws {
        let yaml = Fixtures.minimalApp.replacingOccurrences(
            of: "prompt: What should I paint?", with: "prompt: What should I paint?\n        hint: Anything in your house.")
        let app = try Catalog.parse(yaml: yaml, source: "demo.yaml")
        #expect(app.intents[0].parameters.first { $0.name == "thing" }?.hint == "Anything in your house.")
    }

    @Test func anEntityCarriesItsLabelsInLowerCase() throws {
        let yaml = Fixtures.minimalApp.replacingOccurrences(of: "    display: name\n", with: "    display: name\n    labels: [Widget, gizmo]\n")
        let app = try Catalog.parse(yaml: yaml, source: "demo.yaml")
        #expect(app.entity(named: "ThingEntity")?.labels == ["widget", "gizmo"])
    }

    @Test func duplicateIntentIdIsRejectedAtTheSecondDefinition() throws {
        let duplicate = """
              - id: demo.PaintIntent
                title: Paint again
                phrases: ['Repaint in \\(.applicationName)']
            """
        let yaml = Fixtures.minimalApp + "\n" + duplicate
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("duplicate intent id 'demo.PaintIntent'"))
        #expect(error.line == Fixtures.line(of: "title: Paint again", in: yaml)! - 1)
    }

    @Test func unknownParameterInAPhraseIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: #"'Paint \(\.$thing) in"#, with: #"'Paint \(\.$colour) in"#)
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("unknown parameter 'colour'"))
        #expect(error.line == Fixtures.line(of: "colour", in: yaml))
        #expect(error.description.hasPrefix("demo.yaml:\(error.line!): "))
    }

    @Test func unknownParameterInAnUtteranceIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: "paint {thing} [{color}]", with: "paint {thing} [{shade}]")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("unknown parameter 'shade'"))
        #expect(error.line == Fixtures.line(of: "{shade}", in: yaml))
    }

    @Test func unknownEnumASlotIsSpokenAsIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: "paint {thing} [{color}]", with: "paint {thing:Shade} [{color}]")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("unknown enum 'Shade'"))
        #expect(error.line == Fixtures.line(of: "{thing:Shade}", in: yaml))
    }

    @Test func badTypeIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: "type: \"enum:Color\"", with: "type: colour")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("bad type 'colour'"))
        #expect(error.line == Fixtures.line(of: "type: colour", in: yaml))
    }

    @Test func unknownEnumAndEntityAreRejected() throws {
        let badEnum = Fixtures.app(replacing: "type: \"enum:Color\"", with: "type: \"enum:Colour\"")
        #expect(failure(parsing: badEnum)?.message.contains("unknown enum 'Colour'") == true)
        #expect(failure(parsing: badEnum)?.line == Fixtures.line(of: "enum:Colour", in: badEnum))
        let badEntity = Fixtures.app(replacing: "type: \"entity:ThingEntity\"", with: "type: \"entity:Gadget\"")
        #expect(failure(parsing: badEntity)?.message.contains("unknown entity 'Gadget'") == true)
    }

    @Test func defaultMustFitItsType() throws {
        let yaml = Fixtures.app(replacing: "default: red", with: "default: green")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("not a case of Color"))
        #expect(error.line == Fixtures.line(of: "default: green", in: yaml))
    }

    @Test func unknownKeyIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: "    title: Paint\n", with: "    title: Paint\n    paramters: []\n")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("unknown key 'paramters'"))
        #expect(error.line == Fixtures.line(of: "paramters", in: yaml))
    }

    @Test func unknownRuleIsRejected() throws {
        let yaml = Fixtures.app(replacing: "paint {thing} [{color}]", with: "<verb> {thing}")
        #expect(failure(parsing: yaml)?.message.contains("unknown rule <verb>") == true)
    }

    @Test func rulesMayUseOtherRules() throws {
        let yaml = Fixtures.app(replacing: "intents:\n", with: """
            rules:
              paint: "(paint|colour) <it>"
              it: "(it|that)"
            intents:

            """)
            .replacingOccurrences(of: "paint {thing} [{color}]", with: "<paint> [{color}]")
        let app = try Catalog.parse(yaml: yaml, source: "demo.yaml")
        #expect(app.rules["paint"] == "(paint|colour) <it>")
    }

    @Test func ruleCycleIsRejectedAtItsLine() throws {
        let yaml = Fixtures.app(replacing: "intents:\n", with: """
            rules:
              first: "a <second>"
              second: "b <first>"
            intents:

            """)
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("cycle: first -> second -> first"))
        #expect(error.line == Fixtures.line(of: "first: ", in: yaml))
    }

    @Test func patternSyntaxErrorsAreRejectedAtTheirLine() throws {
        let yaml = Fixtures.app(replacing: "paint {thing} [{color}]", with: "paint (this|that {thing}")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("missing ')'"))
        #expect(error.line == Fixtures.line(of: "paint (this", in: yaml))
    }

    @Test func patternThatCanMatchAnythingIsRejected() throws {
        let yaml = Fixtures.app(replacing: "paint {thing} [{color}]", with: "{thing} [paint]")
        #expect(failure(parsing: yaml)?.message.contains("needs at least one word") == true)
    }

    @Test func dialogPlaceholdersMustBeParametersOrResults() throws {
        let yaml = Fixtures.app(replacing: "Painted {thing} {color}.", with: "Painted {thing} in {seconds}s.")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("{seconds}"))
        #expect(error.line == Fixtures.line(of: "{seconds}", in: yaml))
    }

    @Test func intentIdMustBelongToTheApp() throws {
        let yaml = Fixtures.app(replacing: "- id: demo.PaintIntent", with: "- id: other.PaintIntent")
        #expect(failure(parsing: yaml)?.message.contains("must be 'demo.<SwiftTypeName>'") == true)
    }

    @Test func httpConnectorNeedsItsBaseURLVariable() throws {
        let yaml = Fixtures.app(replacing: "  base_url_env: DEMO_BASE_URL\n", with: "")
        #expect(failure(parsing: yaml)?.message.contains("base_url_env") == true)
    }

    @Test func connectorThatCanFailNeedsAnUnreachableDialog() throws {
        let yaml = Fixtures.app(replacing: "  unreachable: \"I can't reach Demo right now.\"", with: "  offline: \"Demo is offline.\"")
        #expect(failure(parsing: yaml)?.message.contains("'unreachable'") == true)
    }

    @Test func invalidYAMLReportsItsLine() throws {
        let yaml = Fixtures.app(replacing: "display_name: Demo", with: "display_name: [Demo")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.hasPrefix("invalid YAML"))
        #expect(error.line != nil)
    }

    @Test func duplicateKeyIsRejected() throws {
        let yaml = Fixtures.app(replacing: "display_name: Demo", with: "display_name: Demo\ndisplay_name: Again")
        let error = try #require(failure(parsing: yaml))
        #expect(error.message.contains("duplicate key 'display_name'"))
        #expect(error.line == Fixtures.line(of: "Again", in: yaml))
    }

    @Test func catalogRejectsAnAppDefinedTwice() throws {
        let app = try Catalog.parse(yaml: Fixtures.minimalApp, source: "demo.yaml")
        #expect(throws: CatalogError.self) { try Catalog(apps: [app, app]) }
    }

    @Test func catalogRejectsANameSpokenForTwoApps() throws {
        let first = try Catalog.parse(yaml: Fixtures.minimalApp, source: "demo.yaml")
        let second = try Catalog.parse(
            yaml: Fixtures.minimalApp
                .replacingOccurrences(of: "name: demo", with: "name: other")
                .replacingOccurrences(of: "display_name: Demo", with: "display_name: Other")
                .replacingOccurrences(of: "demo.PaintIntent", with: "other.PaintIntent"),
            source: "other.yaml")
        do {
            _ = try Catalog(apps: [first, second])
            Issue.record("the shared alias 'demo app' was accepted")
        } catch let error as CatalogError {
            #expect(error.message.contains("'demo app' names both demo and other"))
            #expect(error.file == "other.yaml")
        }
    }

    @Test func loadingADirectoryReportsTheFileThatFails() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Fixtures.minimalApp.write(to: directory.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let broken = Fixtures.app(replacing: "type: \"enum:Color\"", with: "type: colour")
            .replacingOccurrences(of: "demo", with: "broken")
        try broken.write(to: directory.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        do {
            _ = try Catalog.load(directory: directory)
            Issue.record("the broken file was accepted")
        } catch let error as CatalogError {
            #expect(error.file.hasSuffix("b.yaml"))
            #expect(error.line == Fixtures.line(of: "type: colour", in: broken))
        }
    }

    @Test func emptyDirectoryIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: CatalogError.self) { try Catalog.load(directory: directory) }
    }
}
