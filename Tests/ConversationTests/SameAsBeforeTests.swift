import Catalog
import Testing

@testable import Conversation

/// "…, same workspace" and "same category as before" point back at the last request's value.
@Suite struct SameAsBeforeTests {
    @Test func aReferenceAtTheEndLeavesTheRequestBeforeIt() throws {
        let same = try #require(SameAsBefore.read("now tell Oppi to fix the flaky login test, same workspace"))
        #expect(same.request == "now tell Oppi to fix the flaky login test")
        #expect(same.noun == "workspace")
    }

    @Test(arguments: ["same category as before", "the same category", "Same category again.", "use the same category as last time"])
    func anAnswerThatIsAReferenceLeavesNoRequest(_ text: String) throws {
        let same = try #require(SameAsBefore.read(text))
        #expect(same.request.isEmpty)
        #expect(same.noun == "category")
    }

    @Test func aReferenceWithoutANounNamesAnyParameter() throws {
        let same = try #require(SameAsBefore.read("same as before"))
        #expect(same.noun == nil)
        #expect(same.names(ParameterDefinition(name: "workspace", type: .string)))
    }

    @Test(arguments: ["same for Mia", "the same thing happened to the build yesterday", "ask Oppi why the builds are not the same on CI"])
    func wordsAfterTheReferenceMakeItSomethingElse(_ text: String) {
        #expect(SameAsBefore.read(text) == nil)
    }

    @Test func theNounNamesAParameterByNameOrTitle() throws {
        let same = try #require(SameAsBefore.read("same category"))
        #expect(same.names(ParameterDefinition(name: "category", type: .string)))
        #expect(same.names(ParameterDefinition(name: "kind", type: .string, title: "Nag category")))
        #expect(!same.names(ParameterDefinition(name: "recipient", type: .string, title: "For")))
    }
}
