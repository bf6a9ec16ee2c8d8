import Testing
@testable import JiriServer

@Suite struct AccessLogTests {
    @Test(arguments: [
        (Duration.microseconds(12_345), "12.34"), (.microseconds(50), "0.05"), (.milliseconds(1), "1.00"),
        (.seconds(2) + .microseconds(7_000), "2007.00"), (.zero, "0.00"),
    ])
    func elapsedTimeIsLoggedInMillisecondsWithTwoDecimals(_ elapsed: Duration, _ expected: String) {
        #expect(TraceMiddleware.milliseconds(elapsed) == expected)
    }
}
