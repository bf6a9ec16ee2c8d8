import Foundation

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
    key.count == name.utf8CodeUnitCount && sameBytes(key.baseAddress, name.utf8Start, count: key.count)
}

/// Whether `count` bytes at the two addresses are equal: `memcmp`, where `elementsEqual`
/// walked both buffers through iterators (about 300 instructions for a short key).
@inlinable
func sameBytes(_ left: UnsafePointer<UInt8>?, _ right: UnsafePointer<UInt8>?, count: Int) -> Bool {
    guard count > 0 else { return true }
    guard let left, let right else { return false }
    return memcmp(left, right, count) == 0
}
