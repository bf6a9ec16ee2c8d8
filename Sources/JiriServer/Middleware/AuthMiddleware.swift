import Conversation
import Hummingbird

/// Authenticates every request of the group it guards and checks its scope.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = JiriRequestContext

    let authenticator: Authenticator
    let scope: Principal.Scope

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let outcome: Authenticator.Outcome
        do {
            outcome = try await authenticator.authenticate(authorization: request.headers[.authorization])
        } catch {
            context.logger.warning("could not verify the bearer token", metadata: ["error": "\(error)"])
            throw APIError.unavailable("Authentication is unavailable right now.")
        }
        switch outcome {
        case .missing:
            throw APIError(.unauthorized, code: "unauthorized", message: "A bearer token (an API key or a JWT) is required: Authorization: Bearer <token>.",
                           headers: [.wwwAuthenticate: "Bearer"])
        case .invalid(let reason):
            throw APIError(.unauthorized, code: "unauthorized", message: reason, headers: [.wwwAuthenticate: "Bearer"])
        case .principal(let principal):
            guard principal.scopes.contains(scope) else {
                throw APIError(.forbidden, code: "forbidden", message: "This token lacks the '\(scope.rawValue)' scope.")
            }
            var context = context
            context.principal = principal
            context.logger[metadataKey: "principal"] = .string(principal.id)
            return try await next(request, context)
        }
    }
}
