/// An open-addressing hash table from lower-case UTF-8 spellings to entry
/// indexes. Lookups hash the bytes as the tokenizer reads them and compare
/// bytes directly, so reading a word allocates nothing.
struct WordTable: Sendable {
    private var slots: [Int32]
    private var hashes: [UInt64]
    private var offsets: [Int32]
    private var lengths: [Int32]
    private var values: [Int32]
    private var bytes: [UInt8]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: -1, count: size)
        hashes = []
        offsets = []
        lengths = []
        values = []
        bytes = []
        mask = size - 1
    }

    var count: Int { values.count }

    /// Every spelling stored, with its value.
    var spellings: [(word: String, value: Int32)] {
        values.indices.map { index in
            let start = Int(offsets[index])
            return (String(decoding: bytes[start..<(start + Int(lengths[index]))], as: UTF8.self), values[index])
        }
    }

    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }

    /// The value stored for a spelling, or nil.
    func lookup(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            let index = Int(entry)
            if hashes[index] == hash, Int(lengths[index]) == word.count, matches(index, word) {
                return values[index]
            }
            slot = (slot + 1) & mask
        }
    }

    func lookup(_ word: String) -> Int32? {
        var word = word
        return word.withUTF8 { lookup($0, hash: Self.hash($0)) }
    }

    /// Stores `value` for the spelling, replacing an earlier value.
    mutating func insert(_ word: String, value: Int32) {
        var word = word
        word.withUTF8 { buffer in
            let hash = Self.hash(buffer)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let index = Int(slots[slot])
                if hashes[index] == hash, Int(lengths[index]) == buffer.count, matches(index, buffer) {
                    values[index] = value
                    return
                }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(values.count)
            hashes.append(hash)
            offsets.append(Int32(bytes.count))
            lengths.append(Int32(buffer.count))
            values.append(value)
            bytes.append(contentsOf: buffer)
        }
        if values.count * 2 > slots.count { grow() }
    }

    private func matches(_ index: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let offset = Int(offsets[index])
        for position in 0..<word.count where bytes[offset + position] != word[position] {
            return false
        }
        return true
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        for index in hashes.indices {
            var slot = Int(truncatingIfNeeded: hashes[index]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
