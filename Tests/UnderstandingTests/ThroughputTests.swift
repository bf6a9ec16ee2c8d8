import Foundation
import Testing
import Understanding

/// How many utterances a second one core matches over the dev set. Printed,
/// not asserted: timing depends on the machine and the build (run with
/// `swift test -c release` for the number that counts).
@Suite struct ThroughputTests {
    @Test func matcherThroughputOverTheDevSet() throws {
        let utterances = DevSetTests.cases.map(\.text)
        try #require(!utterances.isEmpty)
        let matcher = Fixtures.matcher
        let context = Fixtures.context
        var matched = 0
        for text in utterances where matcher.match(text, context: context) != nil { matched += 1 }
        // Batches until half a second has passed, so warm-up does not dominate.
        let clock = ContinuousClock()
        var rounds = 0
        var elapsed = Duration.zero
        while elapsed < .milliseconds(500) {
            elapsed += clock.measure {
                for _ in 0..<50 {
                    for text in utterances where matcher.match(text, context: context) != nil { matched += 1 }
                }
            }
            rounds += 50
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Double(rounds * utterances.count) / seconds
        print("IntentMatcher: \(Int(perSecond)) utterances/s on one core over \(utterances.count) dev utterances")
        #expect(matched == (rounds + 1) * DevSetTests.cases.filter { $0.intent != nil }.count)
    }
}
