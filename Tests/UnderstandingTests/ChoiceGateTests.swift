import Testing

@testable import Understanding

/// A choice whose every branch begins with a word is guarded by one `.peek` at the next token;
/// the guard must let every branch through.
@Suite struct ChoiceGateTests {
    @Test func theShippedCatalogCompilesGuardedChoices() {
        let peeks = Fixtures.matcher.program.instructions.filter {
            if case .peek = $0 { return true }
            return false
        }
        #expect(!peeks.isEmpty)
    }

    @Test(arguments: [
        "run me through my nags", "fill me in on my nags", "catch me up on my nags", "look up my nags", "dig up my nags",
        "show my nags", "read out my nags",
    ])
    func everyBranchOfAGuardedChoiceStillMatches(_ text: String) {
        #expect(Fixtures.matcher.match(text, context: Fixtures.context)?.intent.id == "nagz.ListNagsIntent")
    }

    @Test(arguments: ["what's overdue in Nagz", "what's late", "anything past due"])
    func aGuardedChoiceOfSingleAndMultiWordBranchesStillMatches(_ text: String) {
        #expect(Fixtures.matcher.match(text, context: Fixtures.context)?.intent.id == "nagz.CheckOverdueIntent")
    }
}
