import Foundation
import Hummingbird
import Logging

/// Every error leaves as JSON. Hummingbird's own errors (unknown route, bad
/// method) keep their status; anything unexpected is logged with the trace id
/// and answered 500 — a client-caused error never reaches that branch.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = JiriRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch let error as HTTPError {
            throw APIError(error.status, code: Self.code(for: error.status), message: error.body ?? error.status.reasonPhrase, headers: error.headers)
        } catch let error as any HTTPResponseError {
            throw APIError(error.status, code: Self.code(for: error.status), message: error.status.reasonPhrase)
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(error)"])
            throw APIError(.internalServerError, code: "internal", message: "Something went wrong on our side; the trace id identifies it.")
        }
    }

    static func code(for status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 409: "conflict"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 422: "unprocessable"
        case 429: "rate_limited"
        case 503: "unavailable"
        default: "error"
        }
    }
}
