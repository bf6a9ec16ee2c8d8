extension Array where Element == UInt8 {
    /// `count` bytes, written in place by `write` (into scratch memory, then copied in one go).
    /// Not `init(unsafeUninitializedCapacity:)` nor `init(repeating:count:)`: from this package
    /// both allocate through a generic path that looks the array's type metadata up on every
    /// call (about 300 instructions), where appending a buffer allocates through a specialised one.
    @inlinable
    public static func written(count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
            write(scratch)
            var bytes: [UInt8] = []
            bytes.append(contentsOf: UnsafeBufferPointer(scratch))
            return bytes
        }
    }
}
