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
        let rounds = 400
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for _ in 0..<rounds {
                for text in utterances where matcher.match(text, context: context) != nil { matched += 1 }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Double(rounds * utterances.count) / seconds
        print("IntentMatcher: \(Int(perSecond)) utterances/s on one core over \(utterances.count) dev utterances")
        #expect(matched == (rounds + 1) * DevSetTests.cases.filter { $0.intent != nil }.count)
    }
}
