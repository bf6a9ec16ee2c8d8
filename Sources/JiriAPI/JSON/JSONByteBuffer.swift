/// The growing byte buffer a `JSONWriter` writes into: one allocation, written through its
/// pointer. An `[UInt8]` cost about 90 instructions for each `append(contentsOf:)` of a key
/// or a string's run of bytes (its generic sequence copy); a JSON document is dozens of them.
///
/// A value type: a copy that is written to gets storage of its own first.
struct JSONByteBuffer {
    private final class Storage: @unchecked Sendable {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        func copy() -> Storage {
            let copy = Storage(capacity: capacity)
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }

        func grow(toHold needed: Int) {
            let newCapacity = max(needed, capacity * 2)
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.initialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }

        deinit {
            base.deallocate()
        }
    }

    private var storage: Storage

    init(capacity: Int) {
        storage = Storage(capacity: capacity)
    }

    var count: Int { storage.count }

    /// Room for `extra` more bytes, in storage of this buffer's own.
    @inline(__always)
    private mutating func reserve(_ extra: Int) -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
        let needed = storage.count + extra
        if needed > storage.capacity {
            storage.grow(toHold: needed)
        }
        return storage
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        let storage = reserve(1)
        storage.base[storage.count] = byte
        storage.count += 1
    }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count: Int) {
        write(reserving: count) { end in
            end.initialize(from: source, count: count)
            return count
        }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        append(base, count: bytes.count)
    }

    /// Up to `count` bytes written in place by `write`, which is given where they start and
    /// returns how many it wrote.
    @inline(__always)
    mutating func write(reserving count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        let storage = reserve(count)
        storage.count += write(storage.base + storage.count)
    }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }
}
