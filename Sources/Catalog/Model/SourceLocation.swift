/// A place in a catalog file.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
