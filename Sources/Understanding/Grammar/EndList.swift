/// Up to eight token positions where a typed value can end, longest first,
/// kept inline so the matcher's inner loop never allocates.
struct EndList {
    private var storage: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// Adds an end, keeping the list sorted longest first and free of duplicates.
    mutating func insert(_ end: Int) {
        withUnsafeMutableBytes(of: &storage) { raw in
            let ends = raw.bindMemory(to: Int32.self)
            let value = Int32(end)
            for index in 0..<count where ends[index] == value { return }
            guard count < 8 else { return }
            var position = count
            while position > 0, ends[position - 1] < value {
                ends[position] = ends[position - 1]
                position -= 1
            }
            ends[position] = value
            count += 1
        }
    }

    subscript(index: Int) -> Int {
        withUnsafeBytes(of: storage) { Int($0.load(fromByteOffset: index * 4, as: Int32.self)) }
    }
}
