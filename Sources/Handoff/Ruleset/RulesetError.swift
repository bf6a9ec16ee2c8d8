/// A rules or test-cases file that cannot be loaded, with every problem found and its line.
///
/// Printed as one `source:line: message` per problem, the format editors and CI jump to.
public struct RulesetError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Problem: Sendable, Hashable {
        /// 1-based; 0 when the problem has no single place (an empty file).
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    /// The file name or other label the text came from.
    public var source: String
    /// Never empty.
    public var problems: [Problem]

    public init(source: String, problems: [Problem]) {
        precondition(!problems.isEmpty, "a RulesetError needs at least one problem")
        self.source = source
        self.problems = problems
    }

    public init(source: String, line: Int, message: String) {
        self.init(source: source, problems: [Problem(line: line, message: message)])
    }

    /// The first problem's line.
    public var line: Int { problems[0].line }
    /// The first problem's message.
    public var message: String { problems[0].message }

    public var description: String {
        problems.map { "\(source):\($0.line): \($0.message)" }.joined(separator: "\n")
    }
}
