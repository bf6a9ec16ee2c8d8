import CHiredis

/// Parses RESP2 bytes into ``RESPValue``s with hiredis' own reader, no server needed.
///
/// Feed bytes as they arrive; ``next()`` returns a reply once one is complete, so a reply
/// split across several feeds comes out whole. Parsing is CPU-only and never blocks.
public struct RESPReader: ~Copyable {
    private let reader: UnsafeMutablePointer<redisReader>

    public init() {
        guard let reader = redisReaderCreate() else {
            fatalError("hiredis could not allocate a reply reader (out of memory)")
        }
        self.reader = reader
    }

    deinit {
        redisReaderFree(self.reader)
    }

    /// Appends bytes to the reader's buffer.
    public mutating func feed(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // Feeding fails only after an earlier protocol error, which `next()` reports.
                _ = redisReaderFeed(self.reader, chars.baseAddress, chars.count)
            }
        }
    }

    /// The next complete reply, or `nil` when the bytes fed so far do not hold one yet.
    /// Throws ``RedisError/Kind/protocolError`` for malformed input; the reader is unusable afterwards.
    public mutating func next() throws -> RESPValue? {
        var reply: UnsafeMutableRawPointer?
        guard redisReaderGetReply(self.reader, &reply) == REDIS_OK else {
            throw RedisError(kind: .protocolError, message: HiredisText.string(from: &self.reader.pointee.errstr))
        }
        guard let reply else { return nil }
        defer { freeReplyObject(reply) }
        return RESPValue(copying: reply.assumingMemoryBound(to: redisReply.self))
    }
}
