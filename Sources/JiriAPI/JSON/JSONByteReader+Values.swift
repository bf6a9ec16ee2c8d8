extension JSONByteReader {
    /// At `true` or `false`: the boolean.
    @inlinable
    public mutating func readBool() throws(Failure) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return false
        default:
            throw error("expected a boolean")
        }
    }

    /// Consumes `null` when it is next.
    @inlinable
    public mutating func consumeNull() throws(Failure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try expectLiteral("null")
        return true
    }
}

/// A member key read as UTF-8 (`readObject`'s `key`) against a decoder's key name, for
/// `switch key { case "name": … }`.
@inlinable
public func ~= (name: StaticString, key: UnsafeBufferPointer<UInt8>) -> Bool {
    key.count == name.utf8CodeUnitCount
        && key.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
}
