import Foundation

/// Why a `JiriClient` call did not return a value.
public enum JiriClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server answered with its JSON error (`{"error": {"code", "message"}}`).
    /// `retryAfter` is the `Retry-After` header in seconds, when sent.
    case api(status: Int, code: String, message: String, retryAfter: Int?)
    /// The server answered something that is neither the expected value nor a
    /// Jiri error (a proxy's HTML page, truncated JSON, ...). `body` is cut to 512 bytes.
    case unexpectedResponse(status: Int, body: String)
    /// No HTTP answer at all: refused, timed out, TLS failure, ...
    case transport(String)

    /// The HTTP status, when the server answered.
    public var status: Int? {
        switch self {
        case .api(let status, _, _, _), .unexpectedResponse(let status, _): status
        case .transport: nil
        }
    }

    /// The server's error code (`session_busy`, `session_not_found`, ...).
    public var code: String? {
        if case .api(_, let code, _, _) = self { return code }
        return nil
    }

    /// Whether sending the same request again may succeed: the session was busy,
    /// the rate limit or a store was in the way, or nothing answered. Resend a
    /// turn with the same `turnID` so it can never run twice.
    public var isRetryable: Bool {
        switch self {
        case .api(let status, _, _, _): [409, 429, 503].contains(status)
        case .unexpectedResponse(let status, _): [502, 503, 504].contains(status)
        case .transport: true
        }
    }

    public var description: String {
        switch self {
        case .api(let status, let code, let message, _): "\(status) \(code): \(message)"
        case .unexpectedResponse(let status, let body): "unexpected \(status) response: \(body)"
        case .transport(let reason): "no response: \(reason)"
        }
    }
}
