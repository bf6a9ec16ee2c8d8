extension Substring {
    /// The pieces between separators, empty ones left out, read over the UTF-8 bytes instead of
    /// the characters: `separatorLength` gives the length in bytes of a separator starting at an
    /// index, or 0. Splitting a `String` by `Character` finds each grapheme's end, and the
    /// dialogue splits its texts many times a turn (about 5 % of a turn's instructions).
    func pieces(separatorLength: (Substring.UTF8View, String.Index) -> Int) -> [Substring] {
        var pieces: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let length = separatorLength(bytes, index)
            guard length > 0 else {
                index = bytes.index(after: index)
                continue
            }
            if start < index { pieces.append(self[start..<index]) }
            index = bytes.index(index, offsetBy: length)
            start = index
        }
        if start < bytes.endIndex { pieces.append(self[start...]) }
        return pieces
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The pieces between spaces, empty ones left out: what `split(separator: " ")` gives. A
    /// space is one byte that no other character's encoding contains.
    var spaceSeparated: [Substring] {
        self[...].pieces { bytes, index in bytes[index] == UInt8(ascii: " ") ? 1 : 0 }
    }
}
