/// A value with a hand-written JSON encoding, for the hot path. Its text must decode to what
/// its `Encodable` encoding decodes to.
public protocol JSONWritable {
    /// Writes the value (one JSON value: an object, an array, a string, …).
    func writeJSON(to writer: inout JSONWriter)
}

extension JSONWritable {
    /// The value as compact JSON text.
    public var jsonText: String {
        var writer = JSONWriter()
        writeJSON(to: &writer)
        return writer.text
    }
}

// Inlinable, so encoders in other modules call their elements' `writeJSON` directly
// instead of through these generic functions' witness tables.
extension JSONWriter {
    @inlinable
    public mutating func value(_ value: some JSONWritable) {
        value.writeJSON(to: &self)
    }

    /// An array of the elements, in order.
    @inlinable
    public mutating func array(_ elements: [some JSONWritable]) {
        beginArray()
        for element in elements {
            element.writeJSON(to: &self)
        }
        endArray()
    }

    /// An object of the members, in the dictionary's order.
    @inlinable
    public mutating func object(_ members: [String: some JSONWritable]) {
        beginObject()
        for (name, member) in members {
            key(escaping: name)
            member.writeJSON(to: &self)
        }
        endObject()
    }

    /// An array of strings, in order.
    public mutating func array(_ strings: [String]) {
        beginArray()
        for string in strings {
            self.string(string)
        }
        endArray()
    }
}
