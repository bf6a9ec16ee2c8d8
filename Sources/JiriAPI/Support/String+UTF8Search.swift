extension String {
    /// Whether `target` occurs in the string, comparing UTF-8 bytes.
    ///
    /// For ASCII keywords and placeholders on a turn's path: Foundation's `contains`
    /// and `replacingOccurrences` go through NSString, and the standard library's
    /// generic `firstRange(of:)` and `replacing(_:with:)` through runtime generic
    /// metadata; either cost several thousand instructions a call.
    package func containsUTF8(_ target: String) -> Bool {
        withBytes(of: target) { haystack, needle in Self.offset(of: needle, in: haystack, from: 0) != nil }
    }

    /// The string with every occurrence of `target` replaced, comparing UTF-8 bytes.
    package func replacingUTF8(_ target: String, with replacement: String) -> String {
        withBytes(of: target) { haystack, needle in
            var result = ""
            var start = 0
            while let match = Self.offset(of: needle, in: haystack, from: start) {
                result += String(decoding: UnsafeBufferPointer(rebasing: haystack[start..<match]), as: UTF8.self)
                result += replacement
                start = match + needle.count
            }
            if start == 0 { return self }
            result += String(decoding: UnsafeBufferPointer(rebasing: haystack[start...]), as: UTF8.self)
            return result
        }
    }

    private func withBytes<Result>(
        of target: String,
        _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var haystack = self
        var needle = target
        return haystack.withUTF8 { haystack in needle.withUTF8 { needle in body(haystack, needle) } }
    }

    /// The offset of the first occurrence of a non-empty `needle` at or after `start`.
    private static func offset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == first,
               UnsafeBufferPointer(rebasing: haystack[index..<index + needle.count]).elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
