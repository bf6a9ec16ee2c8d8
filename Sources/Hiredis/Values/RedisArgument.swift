/// One element of a command's argv. Arguments travel as length-prefixed bytes, so any
/// value (including `\r\n` and NUL) is sent verbatim: commands are never built as text.
///
/// A string argument keeps its `String` until the command is encoded: a literal (`"SET"`,
/// `"EX"`) or a short number costs no allocation, where a byte array per argument cost one.
public struct RedisArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    private enum Storage: Sendable {
        case text(String)
        case bytes([UInt8])
    }

    private let storage: Storage

    public init(_ string: String) {
        storage = .text(string)
    }

    public init(_ bytes: [UInt8]) {
        storage = .bytes(bytes)
    }

    public init(_ int: Int) {
        storage = .text(String(int))
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
        }
    }

    /// The argument's bytes, as sent.
    public var bytes: [UInt8] {
        withBytes { Array($0) }
    }

    /// Copies the argument's bytes into `destination`, uninitialized room for ``count`` of them;
    /// returns the address after the last.
    func copyBytes(to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        withBytes { source in
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
        }
    }

    /// Equal when the bytes sent are: `RedisArgument("a")` and `RedisArgument([97])` are one argument.
    public static func == (lhs: RedisArgument, rhs: RedisArgument) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
