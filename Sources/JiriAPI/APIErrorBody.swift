import Foundation

/// Every error the server answers: `{"error": {"code": "...", "message": "..."}}`.
public struct APIErrorBody: Sendable, Hashable, Codable {
    public var error: Detail

    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }

    public struct Detail: Sendable, Hashable, Codable {
        public var code: String
        public var message: String
    }
}
