import Conversation
import JWTKit

/// The claims Jiri reads from a JWT. Every one is optional here so that a
/// missing claim is refused with its own reason by `JWTVerifier`, which also
/// checks them against the configured issuer, audience and leeway.
struct JWTClaims: JWTPayload {
    var sub: SubjectClaim?
    var exp: ExpirationClaim?
    var nbf: NotBeforeClaim?
    var iss: IssuerClaim?
    var aud: AudienceClaim?
    /// OAuth style: `"turn history"`.
    var scope: ScopeList?
    /// Azure style: `["turn", "history"]`.
    var scp: ScopeList?
    /// Role per app, e.g. `{"nagz": "guardian"}`.
    var jiriRoles: [String: String]?

    enum CodingKeys: String, CodingKey {
        case sub, exp, nbf, iss, aud, scope, scp
        case jiriRoles = "jiri_roles"
    }

    /// Nothing to do: the checks need the settings, so `JWTVerifier` makes them.
    func verify(using algorithm: some JWTAlgorithm) async throws {}

    /// The Jiri scopes the token grants; scopes Jiri does not know are ignored.
    var scopes: Set<Principal.Scope> {
        Set(((scope?.values ?? []) + (scp?.values ?? [])).compactMap(Principal.Scope.init(rawValue:)))
    }
}

/// A scope claim, read as a space-separated string or as an array of strings,
/// whichever form the issuer used.
struct ScopeList: Codable, Sendable {
    var values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let list = try? container.decode([String].self) {
            values = list
        } else {
            values = try container.decode(String.self).split(separator: " ").map(String.init)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
