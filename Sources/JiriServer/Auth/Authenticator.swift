import Conversation
import Foundation
import Storage

/// Turns an `Authorization: Bearer <token>` header into a principal. A token
/// shaped like a JWT goes to the JWT verifier (when JWT is on); anything else
/// is looked up as an API key.
public struct Authenticator: Sendable {
    let keys: APIKeyStore
    let jwt: JWTVerifier?
    let allowAnonymous: Bool

    public init(keys: APIKeyStore, jwt: JWTVerifier? = nil, allowAnonymous: Bool) {
        self.keys = keys
        self.jwt = jwt
        self.allowAnonymous = allowAnonymous
    }

    enum Outcome {
        case principal(Principal)
        case missing
        /// The reason, fit for the client.
        case invalid(String)
    }

    func authenticate(authorization: String?) async throws -> Outcome {
        guard let authorization, !authorization.isEmpty else {
            return allowAnonymous ? .principal(.anonymous) : .missing
        }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .invalid("The Authorization header must be 'Bearer <token>'.") }
        let token = String(parts[1])
        if let jwt, JWTVerifier.looksLikeJWT(token) {
            switch await jwt.verify(token) {
            case .success(let principal): return .principal(principal)
            case .failure(let rejection): return .invalid(rejection.message)
            }
        }
        guard let key = try await keys.verify(token) else { return .invalid("The API key is not valid.") }
        return .principal(Principal(
            id: key.principal,
            scopes: Set(key.scopes.compactMap(Principal.Scope.init(rawValue:))),
            roles: key.roles
        ))
    }
}
