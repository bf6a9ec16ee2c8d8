import Catalog
import Testing

/// `takes_over_requests`: the intent a request moved from another app becomes.
@Suite struct TakesOverRequestsTests {
    private static let withText = """
          - name: note
            type: string
          - name: color
    """

    @Test func anIntentOfTheAppWithATextParameterIsAccepted() throws {
        let yaml = Fixtures.app(replacing: "intents:\n", with: "takes_over_requests: demo.PaintIntent\nintents:\n")
            .replacingOccurrences(of: "      - name: color\n", with: Self.withText + "\n")
        let app = try Catalog.parse(yaml: yaml, source: "demo.yaml")
        #expect(app.takesOverRequests == "demo.PaintIntent")
    }

    @Test func anIntentOfAnotherAppIsRejected() {
        let yaml = Fixtures.app(replacing: "intents:\n", with: "takes_over_requests: other.AskIntent\nintents:\n")
        #expect(throws: CatalogError.self) { try Catalog.parse(yaml: yaml, source: "demo.yaml") }
    }

    @Test func anIntentWithoutATextParameterIsRejected() {
        let yaml = Fixtures.app(replacing: "intents:\n", with: "takes_over_requests: demo.PaintIntent\nintents:\n")
        #expect(throws: CatalogError.self) { try Catalog.parse(yaml: yaml, source: "demo.yaml") }
    }

    @Test func theShippedCodingBridgeTakesRequestsAsAQuickChat() {
        #expect(Fixtures.shipped.apps.first { $0.name == "codingbridge" }?.takesOverRequests == "codingbridge.QuickChatIntent")
    }
}
