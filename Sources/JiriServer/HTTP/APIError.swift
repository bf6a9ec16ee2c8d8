import Foundation
import Hummingbird
import JiriAPI

/// An error the client caused or can act on, answered as
/// `{"error": {"code", "message"}}` with a fitting status.
public struct APIError: HTTPResponseError, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = (try? JSONEncoder().encode(APIErrorBody(code: code, message: message))) ?? Data()
        var headers = self.headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func badRequest(_ code: String, _ message: String) -> APIError { APIError(.badRequest, code: code, message: message) }
    static func unprocessable(_ code: String, _ message: String) -> APIError { APIError(.unprocessableContent, code: code, message: message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, code: "not_found", message: message) }
    static func unavailable(_ message: String, retryAfter: Int = 1) -> APIError {
        APIError(.serviceUnavailable, code: "unavailable", message: message, headers: [.retryAfter: String(retryAfter)])
    }
}
