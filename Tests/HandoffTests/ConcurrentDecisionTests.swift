import Testing

@testable import Handoff

@Suite struct ConcurrentDecisionTests {
    @Test func oneEngineDecidesConsistentlyFromManyTasks() async throws {
        let engine = try Fixtures.engine(triggerWhen: #"{fact: utterance.text, matches: "(?i)\\border\\s+#?\\d+"}"#)
        let utterances = (0..<400).map { $0.isMultiple(of: 2) ? "where is order #\($0)" : "order more of item \($0)" }
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, utterance) in utterances.enumerated() {
                group.addTask { (index, engine.decide(HandoffFacts(utteranceText: utterance), rolloutKey: "k").handoff) }
            }
            return await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        #expect(outcomes.count == utterances.count)
        #expect(outcomes.allSatisfy { $0.value == $0.key.isMultiple(of: 2) })
    }
}
