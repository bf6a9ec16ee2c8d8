/// One element of a command's argv. Arguments travel as length-prefixed bytes, so any
/// value (including `\r\n` and NUL) is sent verbatim: commands are never built as text.
///
/// A string argument keeps its `String` until the command is encoded: a literal (`"SET"`,
/// `"EX"`) costs no allocation, where a byte array per argument cost one. A number keeps its
/// `Int` and is written in decimal straight into the command (`String(int)` cost about 200
/// instructions).
public struct RedisArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    private enum Storage: Sendable {
        case text(String)
        case bytes([UInt8])
        case integer(Int)
    }

    private let storage: Storage

    public init(_ string: String) {
        storage = .text(string)
    }

    public init(_ bytes: [UInt8]) {
        storage = .bytes(bytes)
    }

    public init(_ int: Int) {
        storage = .integer(int)
    }

    public init(_ int: Int64) {
        storage = .text(String(int))
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// The argument's length in bytes.
    var count: Int {
        switch storage {
        case .text(let string): string.utf8.count
        case .bytes(let bytes): bytes.count
        case .integer(let int): Self.decimalCount(int)
        }
    }

    /// The argument's bytes, as sent.
    public var bytes: [UInt8] {
        withBytes { Array($0) }
    }

    /// Copies the argument's bytes into `destination`, uninitialized room for ``count`` of them;
    /// returns the address after the last.
    func copyBytes(to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if case .integer(let int) = storage {
            return Self.writeDecimal(int, to: destination)
        }
        return withBytes { source in
            if let base = source.baseAddress {
                destination.initialize(from: base, count: source.count)
            }
            return destination + source.count
        }
    }

    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .text(var string): string.withUTF8(body)
        case .bytes(let bytes): bytes.withUnsafeBufferPointer(body)
        case .integer(let int):
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.decimalCount(int)) { digits in
                let end = Self.writeDecimal(int, to: digits.baseAddress!)
                return body(UnsafeBufferPointer(start: digits.baseAddress, count: end - digits.baseAddress!))
            }
        }
    }

    /// How many bytes `String(int)` has: the digits, and a minus sign.
    @inline(never)
    private static func decimalCount(_ int: Int) -> Int {
        var count = int < 0 ? 2 : 1
        var rest = int.magnitude
        while rest >= 10 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes `String(int)`'s bytes at `destination`; returns the address after the last.
    @inline(never)
    private static func writeDecimal(_ int: Int, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let end = destination + decimalCount(int)
        if int < 0 { destination.pointee = UInt8(ascii: "-") }
        var position = end
        var rest = int.magnitude
        repeat {
            position -= 1
            position.pointee = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        return end
    }

    /// Equal when the bytes sent are: `RedisArgument("a")` and `RedisArgument([97])` are one argument.
    public static func == (lhs: RedisArgument, rhs: RedisArgument) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
