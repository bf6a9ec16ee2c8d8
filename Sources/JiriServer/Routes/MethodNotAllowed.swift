import HTTPTypes
import Hummingbird

extension RouterMethods {
    /// Answers every other method on `path` with 405 and an `Allow` header
    /// (RFC 9110 §15.5.6) instead of the router's 404, so a client that uses the
    /// wrong verb learns the right one. `HEAD` is left to the router.
    @discardableResult
    func rejectingOtherMethods(on path: RouterPath, allowing allowed: [HTTPRequest.Method]) -> Self {
        let allow = allowed.map(\.rawValue).joined(separator: ", ")
        for method in MethodNotAllowed.methods where !allowed.contains(method) {
            on(path, method: method) { _, _ -> Response in
                throw APIError(.methodNotAllowed, code: "method_not_allowed", message: "Use \(allow) here.", headers: [.allow: allow])
            }
        }
        return self
    }
}

enum MethodNotAllowed {
    /// The methods a client may plausibly send, `QUERY` included.
    static let methods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .options, .trace, HTTPRequest.Method("QUERY")!]
}
