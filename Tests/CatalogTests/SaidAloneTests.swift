import Catalog
import Testing

@Suite struct SaidAloneTests {
    private func catalog(saidAlone: String) throws -> Catalog {
        let yaml = Fixtures.app(replacing: "    utterances:\n", with: "    said_alone: \(saidAlone)\n    utterances:\n")
        return try Catalog(apps: [Catalog.parse(yaml: yaml, source: "demo.yaml")])
    }

    @Test func wordsSaidAloneFindTheirIntentAsAnUtteranceSpellsThem() throws {
        let catalog = try catalog(saidAlone: #"[paint, "what's painted"]"#)
        #expect(catalog.intent(saidAlone: "paint")?.id == "demo.PaintIntent")
        #expect(catalog.intent(saidAlone: "whats painted")?.id == "demo.PaintIntent")
        #expect(catalog.intent(saidAlone: "paint it") == nil)
    }

    @Test func theAppPlaceholderStandsForEveryNameOfTheApp() throws {
        let catalog = try catalog(saidAlone: #"["<app>", "open <app>"]"#)
        #expect(catalog.intent(saidAlone: "demo")?.id == "demo.PaintIntent")
        #expect(catalog.intent(saidAlone: "demo app")?.id == "demo.PaintIntent")
        #expect(catalog.intent(saidAlone: "open demo app")?.id == "demo.PaintIntent")
    }

    @Test func aPhraseOfMoreThanFourWordsIsRejected() {
        #expect(throws: CatalogError.self) { try catalog(saidAlone: "[paint the whole thing now]") }
    }

    @Test func aPhraseWithPatternSyntaxIsRejected() {
        #expect(throws: CatalogError.self) { try catalog(saidAlone: #"["(paint|draw)"]"#) }
    }

    @Test func wordsSaidAloneForTwoIntentsAreRejected() throws {
        let yaml = Fixtures.app(replacing: "    utterances:\n", with: "    said_alone: [paint]\n    utterances:\n") + """

              - id: demo.DrawIntent
                title: Draw
                said_alone: [paint]
                phrases: ['Draw in \\(.applicationName)']
            """
        let app = try Catalog.parse(yaml: yaml, source: "demo.yaml")
        do {
            _ = try Catalog(apps: [app])
            Issue.record("'paint' for two intents was accepted")
        } catch let error as CatalogError {
            #expect(error.message.contains("'paint' said alone asks for both demo.PaintIntent and demo.DrawIntent"))
        }
    }
}
