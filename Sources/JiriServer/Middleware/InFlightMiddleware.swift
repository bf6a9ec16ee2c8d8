import ConnectionSupport
import Hummingbird

/// Counts the requests being served (``RequestsInFlight``): the socket poller
/// waits in place for a lone request's replies, and `/metrics` reports the count
/// as `jiri_http_requests_in_flight`.
struct InFlightMiddleware: RouterMiddleware {
    typealias Context = JiriRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        RequestsInFlight.enter()
        defer { RequestsInFlight.leave() }
        return try await next(request, context)
    }
}
