import Foundation
@testable import JiriServer
import Logging
import Synchronization
import Testing

/// Lines stay in `StreamLogHandler`'s format: operators' log parsing (and
/// `make bench`'s `ms=`) must not notice the faster handler.
@Suite struct LineLogHandlerTests {
    private final class Lines: TextOutputStream, @unchecked Sendable {
        private let lines = Mutex<[String]>([])
        func write(_ string: String) { lines.withLock { $0.append(string) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private struct Failure: Error, CustomStringConvertible {
        var description: String { "it broke" }
    }

    /// A line without its leading timestamp (the two handlers may straddle a second).
    private static func untimed(_ line: String) -> Substring {
        line.drop { $0 != " " }
    }

    private static func logged(_ body: (Logger) -> Void) -> (stream: [String], line: [String]) {
        let expected = Lines()
        let actual = Lines()
        var streamLogger = Logger(label: "jiri") { StreamLogHandler(label: $0, stream: expected, metadataProvider: nil) }
        var lineLogger = Logger(label: "jiri") { LineLogHandler(label: $0, metadataProvider: nil, write: actual.write) }
        streamLogger[metadataKey: "trace_id"] = "t-1"
        lineLogger[metadataKey: "trace_id"] = "t-1"
        body(streamLogger)
        body(lineLogger)
        return (expected.all, actual.all)
    }

    @Test func linesMatchStreamLogHandlersAfterTheTimestamp() {
        let (expected, actual) = Self.logged { logger in
            logger.info("POST /turn 200", metadata: ["ms": "1.25", "a.key": .stringConvertible(42)])
            logger.warning("no metadata of its own")
            logger.error("failed", error: Failure(), metadata: ["list": ["x", "y"], "map": ["k": "v"]])
            logger.debug("below the level")
            logger.notice("the event's own value wins", metadata: ["trace_id": "t-2", "z": "last"])
        }
        #expect(actual.count == 4)
        #expect(actual.map(Self.untimed) == expected.map(Self.untimed))
    }

    @Test func theTimestampIsLocalTimeToTheSecondWithItsOffset() {
        let text = LogTimestamp.format(0)
        #expect(text.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}/) != nil)
        #expect(LogTimestamp.now().count == text.count)
    }
}
