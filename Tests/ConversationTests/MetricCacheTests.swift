import Synchronization
import Testing

@testable import Conversation

@Suite("Metric cache")
struct MetricCacheTests {
    final class Handle: Sendable {
        let key: String
        init(key: String) { self.key = key }
    }

    @Test func aKeyIsMadeOnceAndItsHandleKept() {
        let made = Mutex(0)
        let cache = MetricCache { (key: String) in
            made.withLock { $0 += 1 }
            return Handle(key: key)
        }
        let first = cache["answered"]
        #expect(cache["answered"] === first)
        #expect(made.withLock { $0 } == 1)
    }

    @Test func differentKeysGetTheirOwnHandles() {
        let cache = MetricCache { (key: String) in Handle(key: key) }
        #expect(cache["busy"].key == "busy")
        #expect(cache["answered"].key == "answered")
        #expect(cache["busy"] !== cache["answered"])
    }
}
