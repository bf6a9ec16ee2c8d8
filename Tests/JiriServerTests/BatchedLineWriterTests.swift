import Glibc
import JiriServer
import Testing

/// Lines reach the descriptor in order, warnings at once, the rest by the next batch.
@Suite struct BatchedLineWriterTests {
    /// A pipe whose read end never blocks; both ends closed at the end.
    private struct Pipe: ~Copyable {
        let readEnd: Int32
        let writeEnd: Int32

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            try #require(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
        }

        /// What has arrived so far.
        func received() -> String {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                guard count > 0 else { break }
                bytes += chunk.prefix(count)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }
    }

    @Test func aLineThatIsNotUrgentWaitsForTheBatch() throws {
        let pipe = try Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.writeEnd, interval: .seconds(3600))
        writer.append("info line\n", urgent: false)
        #expect(pipe.received() == "")
        writer.flush()
        #expect(pipe.received() == "info line\n")
    }

    @Test func anUrgentLineWritesEverythingBeforeItInOrder() throws {
        let pipe = try Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.writeEnd, interval: .seconds(3600))
        writer.append("first\n", urgent: false)
        writer.append("second\n", urgent: false)
        writer.append("warning\n", urgent: true)
        #expect(pipe.received() == "first\nsecond\nwarning\n")
    }

    @Test func aFullBufferIsWrittenWithoutWaiting() throws {
        let pipe = try Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.writeEnd, interval: .seconds(3600), limit: 16)
        writer.append("0123456789\n", urgent: false)
        #expect(pipe.received() == "")
        writer.append("abcdefghij\n", urgent: false)
        #expect(pipe.received() == "0123456789\nabcdefghij\n")
    }

    @Test func theWritersThreadWritesTheBatchAfterItsInterval() async throws {
        let pipe = try Pipe()
        let writer = BatchedLineWriter(descriptor: pipe.writeEnd, interval: .milliseconds(20))
        writer.append("later\n", urgent: false)
        var received = ""
        for _ in 0..<200 where received.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
            received = pipe.received()
        }
        #expect(received == "later\n")
    }
}
