import Foundation
import JWTKit

/// The keys a JWT may be signed with: the HS256 secret and the public keys of
/// the JWKS file. Built once at start; a key that cannot be used stops the
/// server with an error naming its variable.
///
/// HS256 tokens and `kid` tokens are kept in separate collections so a token
/// can never fall back onto a key of the other kind (jwt-kit uses a
/// collection's default key when the `kid` is unknown).
struct JWTKeySet: Sendable {
    /// Verifies HS256 tokens; `nil` when no secret is configured.
    let sharedSecret: JWTKeyCollection?
    /// Verifies RS256/ES256 tokens by the `kid` of their header.
    let publicKeys: JWTKeyCollection
    /// The one algorithm each JWKS key may verify, by `kid`.
    let algorithms: [String: String]

    static func load(_ settings: JWTSettings) async throws -> JWTKeySet {
        var sharedSecret: JWTKeyCollection?
        if let secret = settings.hs256Secret {
            guard secret.utf8.count >= JWTSettings.minimumSecretBytes else {
                throw ConfigurationError(variable: "JIRI_JWT_HS256_SECRET",
                                         problem: "must be at least \(JWTSettings.minimumSecretBytes) bytes long; got \(secret.utf8.count)")
            }
            sharedSecret = await JWTKeyCollection().add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
        }
        let publicKeys = JWTKeyCollection()
        var algorithms: [String: String] = [:]
        if let file = settings.jwksFile {
            for var key in try readJWKS(file).keys {
                let (kid, algorithm) = try accepted(key)
                guard algorithms[kid] == nil else { throw jwksError("names the key '\(kid)' twice") }
                // An explicit algorithm makes jwt-kit build the verifier now (so bad key
                // material fails here, not on the first request) and pins the key to it.
                key.algorithm = algorithm == "RS256" ? .rs256 : .es256
                do {
                    try await publicKeys.add(jwk: key)
                } catch {
                    throw jwksError("has a key '\(kid)' that is not a valid \(algorithm) public key")
                }
                algorithms[kid] = algorithm
            }
        }
        return JWTKeySet(sharedSecret: sharedSecret, publicKeys: publicKeys, algorithms: algorithms)
    }

    private static func readJWKS(_ path: String) throws -> JWKS {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw jwksError("could not be read: \(path)")
        }
        guard let jwks = try? JSONDecoder().decode(JWKS.self, from: data) else {
            throw jwksError("is not a JWKS document ({\"keys\": [...]} of RSA or EC keys): \(path)")
        }
        guard !jwks.keys.isEmpty else { throw jwksError("holds no keys: \(path)") }
        return jwks
    }

    /// The `kid` and algorithm of a key Jiri can use: an RSA key for RS256 or
    /// an EC P-256 key for ES256, public parts only.
    private static func accepted(_ key: JWK) throws -> (kid: String, algorithm: String) {
        guard let kid = key.keyIdentifier?.string, !kid.isEmpty else { throw jwksError("has a key without a 'kid'") }
        guard key.privateExponent == nil else { throw jwksError("has private key material in key '\(kid)'; give public keys only") }
        if key.keyType == .rsa, key.algorithm == nil || key.algorithm == .rs256 {
            return (kid, "RS256")
        }
        if key.keyType == .ecdsa, key.curve == .ecdsa(.p256), key.algorithm == nil || key.algorithm == .es256 {
            return (kid, "ES256")
        }
        throw jwksError("has a key '\(kid)' that is neither RS256 (RSA) nor ES256 (EC P-256)")
    }

    private static func jwksError(_ problem: String) -> ConfigurationError {
        ConfigurationError(variable: "JIRI_JWT_JWKS_FILE", problem: problem)
    }
}
