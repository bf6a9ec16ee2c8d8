/// One element of a command's argv. Arguments travel as length-prefixed bytes, so any
/// value (including `\r\n` and NUL) is sent verbatim: commands are never built as text.
public struct RedisArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public let bytes: [UInt8]

    public init(_ string: String) {
        self.bytes = Array(string.utf8)
    }

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init(_ int: Int) {
        self.bytes = Array(String(int).utf8)
    }

    public init(_ int: Int64) {
        self.bytes = Array(String(int).utf8)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }
}
