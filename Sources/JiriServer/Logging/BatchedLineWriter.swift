import ConnectionSupport
import Foundation
import Glibc
import Synchronization

/// Log lines written to a file descriptor in batches, off the request's path.
///
/// Every request logs an access line, and one `write(2)` per line put a system
/// call between a turn's commit and its response. Lines are appended to a buffer
/// instead, and a thread of the writer's own writes the buffer out every
/// `interval`. A line that must not wait (a warning or worse) writes the buffer at
/// once, itself included, and so does a buffer past `limit` bytes. Lines leave in
/// the order they were appended.
///
/// The process's writer for standard error writes what is left at exit
/// (`atexit`), so a graceful shutdown or an error exit loses no line; a crash can
/// lose the last `interval` of buffered lines, never a warning.
public final class BatchedLineWriter: Sendable {
    public static let standardError: BatchedLineWriter = {
        let writer = BatchedLineWriter(descriptor: STDERR_FILENO)
        atexit { BatchedLineWriter.standardError.flush() }
        return writer
    }()

    private let descriptor: Int32
    private let limit: Int
    private let pending = Mutex<[UInt8]>([])
    /// The batch being written, held while it is: two flushes never interleave their writes.
    private let writing = Mutex<[UInt8]>([])

    public init(descriptor: Int32, interval: Duration = .milliseconds(50), limit: Int = 64 * 1024) {
        self.descriptor = descriptor
        self.limit = limit
        let (seconds, attoseconds) = interval.components
        let microseconds = UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        let thread = Thread { [weak self] in
            CurrentThread.name("log-writer")
            while true {
                usleep(microseconds)
                guard let self else { return }
                self.flush()
            }
        }
        thread.start()
    }

    /// Buffers `line`; writes it and everything before it now when `urgent`.
    public func append(_ line: String, urgent: Bool) {
        let full = pending.withLock { bytes in
            bytes.append(contentsOf: line.utf8)
            return bytes.count >= limit
        }
        if urgent || full { flush() }
    }

    /// Writes everything buffered so far.
    public func flush() {
        writing.withLock { batch in
            pending.withLock { swap(&$0, &batch) }
            guard !batch.isEmpty else { return }
            batch.withUnsafeBytes { writeAll($0) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
