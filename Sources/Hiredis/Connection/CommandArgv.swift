/// Lays a command out as the `argc`, `argv`, `argvlen` triple hiredis formats from. Lengths make
/// it binary safe; the buffer only lives for the call because hiredis copies it into its output buffer.
enum CommandArgv {
    static func with<Result>(
        _ arguments: [RedisArgument],
        _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, UnsafePointer<Int>) -> Result
    ) -> Result {
        let count = arguments.count
        let byteCount = arguments.reduce(0) { $0 + $1.bytes.count }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(byteCount, 1), alignment: 1)
        let argv = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(count, 1))
        let lengths = UnsafeMutablePointer<Int>.allocate(capacity: max(count, 1))
        defer {
            storage.deallocate()
            argv.deallocate()
            lengths.deallocate()
        }
        var offset = 0
        for (index, argument) in arguments.enumerated() {
            let length = argument.bytes.count
            let slot = UnsafeMutableRawBufferPointer(rebasing: storage[offset..<(offset + length)])
            argument.bytes.withUnsafeBytes { slot.copyMemory(from: $0) }
            argv[index] = UnsafePointer((storage.baseAddress! + offset).assumingMemoryBound(to: CChar.self))
            lengths[index] = length
            offset += length
        }
        return body(Int32(count), argv, lengths)
    }
}
