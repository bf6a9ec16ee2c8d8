import Catalog
import Testing

/// An intent's `gist`: its words in any order, heard when no phrasing matched.
@Suite struct GistTests {
    private func catalog(gist: String) throws -> Catalog {
        let yaml = Fixtures.minimalApp + """

              - id: demo.ReviewIntent
                title: Review
                phrases: ['Review my paintings in \\(.applicationName)']
            \(gist)
            """
        return try Catalog(apps: [Catalog.parse(yaml: yaml, source: "demo.yaml")])
    }

    private static let reviewGist = """
            gist:
              - [painting, paintings, "<app>"]
              - [review, trend, trends]
            gist_unless: [paint]
        """

    private func intent(_ catalog: Catalog, _ utterance: String) -> String? {
        catalog.intent(gistOf: utterance)?.id
    }

    @Test func aWordOfEveryGroupInAnyOrderIsTheIntent() throws {
        let catalog = try catalog(gist: Self.reviewGist)
        #expect(intent(catalog, "any trends in what I've been painting lately? my paintings I mean") == "demo.ReviewIntent")
        #expect(intent(catalog, "the Demo app, give it a review") == "demo.ReviewIntent")
    }

    @Test func aGroupWithoutAWordIsNoIntent() throws {
        #expect(intent(try catalog(gist: Self.reviewGist), "show me my paintings") == nil)
    }

    @Test func aWordOfItsUnlessIsNoIntent() throws {
        #expect(intent(try catalog(gist: Self.reviewGist), "paint the trends in my paintings") == nil)
    }

    @Test(arguments: [
        "no need to review my paintings",
        "yesterday I did a review of my paintings",
        "how do I review my paintings",
        "my paintings are better than a review says",
    ])
    func refusalsOtherTimesAndHowToQuestionsAreNoIntent(_ utterance: String) throws {
        #expect(intent(try catalog(gist: Self.reviewGist), utterance) == nil)
    }

    @Test func aStatementThatAsksNothingIsNoIntent() throws {
        let catalog = try catalog(gist: Self.reviewGist)
        #expect(intent(catalog, "my paintings set a new trend in the village") == nil)
        #expect(intent(catalog, "have my paintings set a trend") == "demo.ReviewIntent")
    }

    @Test func aGistOnAnIntentWithARequiredParameterIsRejected() {
        let yaml = Fixtures.app(replacing: "    utterances:\n", with: "    gist: [[paint], [wall]]\n    utterances:\n")
        #expect(throws: CatalogError.self) { try Catalog.parse(yaml: yaml, source: "demo.yaml") }
    }

    @Test func aGistHeardOnlyWhenAddressedMayBeOnAnIntentWithARequiredParameter() throws {
        let yaml = Fixtures.app(
            replacing: "    utterances:\n", with: "    gist: [[paint], [wall]]\n    gist_addressed_only: true\n    utterances:\n")
        let catalog = try Catalog(apps: [Catalog.parse(yaml: yaml, source: "demo.yaml")])
        let words = Catalog.saidAloneKey("can you paint the wall").split(separator: " ")
        #expect(catalog.intent(gist: words) == nil)
        #expect(catalog.intent(gist: words, addressedTo: "demo", besides: "demo.Other")?.id == "demo.PaintIntent")
    }

    @Test func aGistWordAsWrittenRatherThanFoldedIsRejected() {
        #expect(throws: CatalogError.self) { try catalog(gist: "    gist: [[\"what's\"], [review]]") }
    }

    @Test func aGistAddressedToTheAppNeedsNoAskingWordAndKeepsItsNegation() throws {
        let catalog = try catalog(gist: Self.reviewGist)
        let words = Catalog.saidAloneKey("a review of the paintings I never finished").split(separator: " ")
        #expect(catalog.intent(gist: words) == nil)
        #expect(catalog.intent(gist: words, addressedTo: "demo", besides: "demo.PaintIntent")?.id == "demo.ReviewIntent")
    }

    @Test func aGistAddressedToTheAppIsNotTheIntentItIsSetAgainst() throws {
        let words = Catalog.saidAloneKey("a review of my paintings").split(separator: " ")
        #expect(try catalog(gist: Self.reviewGist).intent(gist: words, addressedTo: "demo", besides: "demo.ReviewIntent") == nil)
    }

    @Test(arguments: ["why is a review of my paintings slow", "explain the trend in my paintings"])
    func aGistAddressedToTheAppStillRefusesAQuestionOfWhyOrHow(_ utterance: String) throws {
        let words = Catalog.saidAloneKey(utterance).split(separator: " ")
        #expect(try catalog(gist: Self.reviewGist).intent(gist: words, addressedTo: "demo", besides: "demo.PaintIntent") == nil)
    }

    @Test func theShippedCatalogHearsAMoodTrendReport() {
        #expect(Fixtures.shipped.intent(gistOf: "give me an emotional trend report from the mood tracker")?.id == "moodboard.AnalyzeMoodIntent")
    }

    @Test func aDroppedGIsHeard() throws {
        let catalog = try catalog(gist: """
                gist:
                  - [painting, paintings]
                  - [getting on, doing]
            """)
        #expect(intent(catalog, "how are my paintings gettin' on") == "demo.ReviewIntent")
        #expect(intent(catalog, "how are my paintings doin'") == "demo.ReviewIntent")
    }
}
