extension StringProtocol where SubSequence == Substring {
    /// The pieces between spaces, empty ones left out: what `split(separator: " ")` gives,
    /// read over the UTF-8 bytes instead of the characters. A space is one byte that no other
    /// character's encoding contains, and the dialogue splits its texts many times a turn
    /// (finding each character's end was about 5 % of a turn's instructions).
    var spaceSeparated: [Substring] {
        var pieces: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: " ") {
                if start < index { pieces.append(self[start..<index]) }
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        if start < bytes.endIndex { pieces.append(self[start..<bytes.endIndex]) }
        return pieces
    }
}
