import CHiredis

extension RESPValue {
    /// Deep-copies a hiredis reply so the caller can `freeReplyObject` it right after.
    init(copying reply: UnsafePointer<redisReply>) {
        let reply = reply.pointee
        switch reply.type {
        case REDIS_REPLY_STRING:
            self = .bulk(Self.bytes(reply.str, reply.len))
        case REDIS_REPLY_STATUS:
            self = .status(String(decoding: Self.bytes(reply.str, reply.len), as: UTF8.self))
        case REDIS_REPLY_ERROR:
            self = .error(String(decoding: Self.bytes(reply.str, reply.len), as: UTF8.self))
        case REDIS_REPLY_INTEGER:
            self = .integer(Int64(reply.integer))
        case REDIS_REPLY_ARRAY:
            let count = Int(reply.elements)
            var elements: [RESPValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if let element = reply.element[index] {
                    elements.append(RESPValue(copying: element))
                } else {
                    elements.append(.null)
                }
            }
            self = .array(elements)
        default:
            // REDIS_REPLY_NIL; RESP2 has no other reply types.
            self = .null
        }
    }

    private static func bytes(_ pointer: UnsafeMutablePointer<CChar>?, _ length: Int) -> [UInt8] {
        guard let pointer, length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: length))
    }
}
