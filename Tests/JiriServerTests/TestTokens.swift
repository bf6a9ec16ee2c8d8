import _CryptoExtras
import Crypto
import Foundation

/// Mints JWTs with swift-crypto directly, not with jwt-kit, so the tests check
/// Jiri's verifier against tokens made independently of the library it uses.
enum TestTokens {
    /// Claims of a token valid for five minutes, with the `turn` and `history` scopes.
    static func claims(subject: String, scope: String = "turn history", extra: [String: Any] = [:]) -> [String: Any] {
        let now = Int(Date().timeIntervalSince1970)
        return ["sub": subject, "scope": scope, "iat": now, "exp": now + 300].merging(extra) { $1 }
    }

    static func hs256(_ claims: [String: Any], secret: String) -> String {
        let input = signingInput(header: ["alg": "HS256", "typ": "JWT"], claims: claims)
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return input + "." + base64URL(Data(mac))
    }

    static func es256(_ claims: [String: Any], key: P256.Signing.PrivateKey, kid: String) throws -> String {
        let input = signingInput(header: ["alg": "ES256", "typ": "JWT", "kid": kid], claims: claims)
        return input + "." + base64URL(try key.signature(for: Data(input.utf8)).rawRepresentation)
    }

    static func rs256(_ claims: [String: Any], key: _RSA.Signing.PrivateKey, kid: String) throws -> String {
        let input = signingInput(header: ["alg": "RS256", "typ": "JWT", "kid": kid], claims: claims)
        return input + "." + base64URL(try key.signature(for: Data(input.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
    }

    /// An `alg: none` token, with the empty signature the RFC gives it.
    static func unsigned(_ claims: [String: Any]) -> String {
        signingInput(header: ["alg": "none", "typ": "JWT"], claims: claims) + "."
    }

    static func jwk(_ key: P256.Signing.PublicKey, kid: String) -> [String: Any] {
        let point = key.rawRepresentation
        return ["kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": kid,
                "x": base64URL(point.prefix(32)), "y": base64URL(point.suffix(32))]
    }

    static func jwk(_ key: _RSA.Signing.PublicKey, kid: String) throws -> [String: Any] {
        let primitives = try key.getKeyPrimitives()
        return ["kty": "RSA", "use": "sig", "kid": kid,
                "n": base64URL(primitives.modulus), "e": base64URL(primitives.publicExponent)]
    }

    /// Writes a JWKS document to a new temporary file and returns its path.
    static func jwksFile(_ keys: [[String: Any]]) throws -> String {
        try file(JSONSerialization.data(withJSONObject: ["keys": keys]))
    }

    static func file(_ contents: Data) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jwks-\(UUID().uuidString).json")
        try contents.write(to: url)
        return url.path
    }

    /// The token with its claims swapped for others and its signature kept.
    static func withClaims(_ token: String, _ claims: [String: Any]) -> String {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        return [String(segments[0]), base64URL(json(claims)), String(segments[2])].joined(separator: ".")
    }

    private static func signingInput(header: [String: Any], claims: [String: Any]) -> String {
        base64URL(json(header)) + "." + base64URL(json(claims))
    }

    private static func json(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }

    static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
