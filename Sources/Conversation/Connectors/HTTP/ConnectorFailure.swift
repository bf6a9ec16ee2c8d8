/// Why a call to an app's backend did not give a usable answer.
///
/// `code` is the error key of the catalog's dialogs (`unreachable`,
/// `not_logged_in`, ...), so a failure is spoken in the app's own words;
/// `detail` says what happened for the tool trace and logs, and never holds
/// response bodies, which may carry private content.
public struct ConnectorFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Code
    public var detail: String

    public init(_ code: Code, detail: String) {
        self.code = code
        self.detail = detail
    }

    public struct Code: RawRepresentable, Sendable, Hashable {
        public var rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Connection refused, reset or timed out, the time budget spent, or a 5xx / 429.
        public static let unreachable = Code(rawValue: "unreachable")
        /// 401: the backend does not accept the configured credentials.
        public static let notLoggedIn = Code(rawValue: "not_logged_in")
        /// 403, or the caller's role may not run the intent.
        public static let notPermitted = Code(rawValue: "not_permitted")
        /// 404, or nothing matches what the user named.
        public static let notFound = Code(rawValue: "not_found")
        /// Another 4xx: the backend understood and refused the request.
        public static let rejected = Code(rawValue: "rejected")
        /// A 2xx whose body is not what the API promises.
        public static let badResponse = Code(rawValue: "bad_response")
        /// The connector has no implementation of the intent's operation.
        public static let unsupported = Code(rawValue: "unsupported")
    }

    public var description: String { "\(code.rawValue): \(detail)" }
}
