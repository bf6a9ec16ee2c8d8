import Conversation
import Foundation
import Storage

/// Turns an `Authorization: Bearer <key>` header into a principal.
public struct Authenticator: Sendable {
    let keys: APIKeyStore
    let allowAnonymous: Bool

    public init(keys: APIKeyStore, allowAnonymous: Bool) {
        self.keys = keys
        self.allowAnonymous = allowAnonymous
    }

    enum Outcome {
        case principal(Principal)
        case missing
        case invalid
    }

    func authenticate(authorization: String?) async throws -> Outcome {
        guard let authorization, !authorization.isEmpty else {
            return allowAnonymous ? .principal(.anonymous) : .missing
        }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return .invalid }
        guard let key = try await keys.verify(String(parts[1])) else { return .invalid }
        return .principal(Principal(
            id: key.principal,
            scopes: Set(key.scopes.compactMap(Principal.Scope.init(rawValue:))),
            roles: key.roles
        ))
    }
}
