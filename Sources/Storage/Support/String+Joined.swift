extension String {
    /// The pieces one after another in a string allocated once at its final size.
    /// Interpolation grows the string piece by piece: two or three allocations for each
    /// Redis key and value of a turn.
    static func joined(_ pieces: String...) -> String {
        var length = 0
        for piece in pieces { length += piece.utf8.count }
        var joined = String()
        joined.reserveCapacity(length)
        for piece in pieces { joined.append(piece) }
        return joined
    }
}
