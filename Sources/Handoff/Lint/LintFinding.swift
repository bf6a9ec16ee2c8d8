/// One thing `jiri rules check` reports about a rules file.
public struct LintFinding: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// The file cannot be served as is (it does not load, or a deep link loses the session).
        case error
        /// Almost certainly a mistake: a rule that can never win, an untested rule, a typo'd value.
        case warning
        /// Worth knowing.
        case info

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .info: 2
            }
        }
    }

    public var severity: Severity
    /// A stable identifier for the kind of finding, e.g. `unreachable-rule`.
    public var code: String
    public var message: String
    /// The file the finding is about (the rules file, or its test cases).
    public var source: String
    /// 1-based; 0 when the finding has no single place.
    public var line: Int
    public var ruleID: String?

    public init(severity: Severity, code: String, message: String, source: String, line: Int, ruleID: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.source = source
        self.line = line
        self.ruleID = ruleID
    }

    /// `source:line: severity: message [code]`
    public var description: String {
        "\(source):\(line): \(severity.rawValue): \(message) [\(code)]"
    }
}
