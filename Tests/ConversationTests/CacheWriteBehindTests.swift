@testable import Conversation
import Testing

@Suite("Cache writes behind the response")
struct CacheWriteBehindTests {
    @Test func drainReturnsAtOnceWhenNothingRuns() async {
        let writes = CacheWriteBehind()
        await writes.drain()
        #expect(writes.inFlight == 0)
    }

    @Test func drainWaitsForEveryWriteInFlight() async {
        let writes = CacheWriteBehind()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let (finished, record) = AsyncStream<Int>.makeStream()
        for index in 0..<3 {
            writes.start {
                for await _ in gate { break }
                record.yield(index)
            }
        }
        #expect(writes.inFlight == 3)
        let drained = Task { await writes.drain() }
        open.yield()
        open.finish()
        await drained.value
        record.finish()
        var done: [Int] = []
        for await index in finished { done.append(index) }
        #expect(done.sorted() == [0, 1, 2])
        #expect(writes.inFlight == 0)
    }

    @Test func aWriteStartedAfterADrainIsWaitedForByTheNext() async {
        let writes = CacheWriteBehind()
        await writes.drain()
        let (finished, record) = AsyncStream<Void>.makeStream()
        writes.start {
            try? await Task.sleep(for: .milliseconds(20))
            record.yield()
        }
        await writes.drain()
        record.finish()
        var count = 0
        for await _ in finished { count += 1 }
        #expect(count == 1)
    }
}
