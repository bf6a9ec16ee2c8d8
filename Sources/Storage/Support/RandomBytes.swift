import ConnectionSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes from the operating system's random generator, fetched 4 KiB at a time.
///
/// A turn makes three random ids: its own, the session lease token and the trace id.
/// Taken from the kernel one by one they cost 16 system calls per turn
/// (`SystemRandomNumberGenerator` calls `getrandom` for every 8 bytes, and Foundation's
/// `UUID()` opens, reads and closes `/dev/urandom`), about 4 % of the server's CPU at 32
/// connections (perf). The bytes are the kernel's, only fetched ahead; each is handed out
/// once and zeroed as it leaves the buffer.
package final class RandomBytes: Sendable {
    package static let shared = RandomBytes()

    private struct Buffer {
        var bytes = [UInt8](repeating: 0, count: RandomBytes.capacity)
        var next = RandomBytes.capacity
    }

    private static let capacity = 4096
    private let buffer = Locked(Buffer())

    package init() {}

    package func fill(_ destination: UnsafeMutableRawBufferPointer) {
        buffer.withLock { buffer in
            var written = 0
            while written < destination.count {
                if buffer.next == buffer.bytes.count {
                    buffer.bytes.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
                    buffer.next = 0
                }
                let count = min(destination.count - written, buffer.bytes.count - buffer.next)
                buffer.bytes.withUnsafeMutableBytes { source in
                    let taken = UnsafeMutableRawBufferPointer(rebasing: source[buffer.next..<buffer.next + count])
                    UnsafeMutableRawBufferPointer(rebasing: destination[written..<written + count]).copyMemory(from: UnsafeRawBufferPointer(taken))
                    taken.initializeMemory(as: UInt8.self, repeating: 0)
                }
                buffer.next += count
                written += count
            }
        }
    }
}
