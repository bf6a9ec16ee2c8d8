import ConnectionSupport
import Foundation
import Testing

@Suite struct CurrentThreadTests {
    @Test func aNamedThreadCarriesItsNameInTheKernel() async throws {
        let name = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let thread = Thread {
                CurrentThread.name("jiri-test-named-thread")
                let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                continuation.resume(returning: comm.trimmingCharacters(in: .newlines))
            }
            thread.start()
        }
        // The kernel keeps 15 bytes.
        #expect(name == "jiri-test-named")
    }
}
