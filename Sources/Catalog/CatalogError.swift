/// A catalog that cannot be used, with the place that is wrong.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The catalog file (as given to the loader).
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    init(_ message: String, at location: SourceLocation?) {
        self.init(file: location?.file ?? "catalog", line: location?.line, message: message)
    }

    /// `file:line: message`, the shape compilers and editors understand.
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
