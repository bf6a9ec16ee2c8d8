import Conversation
import Foundation
import JWTKit

/// Verifies JWT bearer tokens (HS256 with a shared secret, RS256/ES256 with
/// the JWKS keys) and turns their claims into a principal: `sub` is the
/// principal id, `scope`/`scp` its scopes, `jiri_roles` its roles.
///
/// A JWT's `sub` and an API key's principal name the same principal: a
/// session started with one can be continued with the other.
public struct JWTVerifier: Sendable {
    let keys: JWTKeySet
    let settings: JWTSettings

    static let maximumSubjectLength = 200

    /// Loads the keys; throws `ConfigurationError` naming the variable of a
    /// secret that is too short or a JWKS file that cannot be used.
    public init(settings: JWTSettings) async throws {
        self.keys = try await JWTKeySet.load(settings)
        self.settings = settings
    }

    /// Whether a bearer token has the shape of a JWT: three base64url segments
    /// joined by dots (the last may be empty, as in `alg: none` tokens). API
    /// keys (`jiri_<id>_<secret>`) never have it.
    static func looksLikeJWT(_ token: String) -> Bool {
        let segments = token.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, !segments[0].isEmpty, !segments[1].isEmpty else { return false }
        return segments.allSatisfy { $0.utf8.allSatisfy(Self.isBase64URL) }
    }

    /// The principal the token speaks for, or why it is refused.
    func verify(_ token: String, now: Date = Date()) async -> Result<Principal, JWTRejection> {
        do {
            let claims = try await verifiedClaims(token)
            return .success(try principal(from: claims, now: now))
        } catch let rejection as JWTRejection {
            return .failure(rejection)
        } catch {
            return .failure(.malformed)
        }
    }

    /// Picks the key by the header's `alg` (and `kid`), then checks the signature.
    private func verifiedClaims(_ token: String) async throws -> JWTClaims {
        let header = try Self.header(of: token)
        let collection: JWTKeyCollection
        switch header.alg {
        case "HS256":
            guard let sharedSecret = keys.sharedSecret else { throw JWTRejection.unsupportedAlgorithm }
            collection = sharedSecret
        case "RS256", "ES256":
            guard let kid = header.kid, keys.algorithms[kid] == header.alg else { throw JWTRejection.unknownKey }
            collection = keys.publicKeys
        default:
            throw JWTRejection.unsupportedAlgorithm
        }
        do {
            return try await collection.verify(token, as: JWTClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw JWTRejection.badSignature
        } catch {
            throw JWTRejection.malformed
        }
    }

    private func principal(from claims: JWTClaims, now: Date) throws -> Principal {
        let leeway = TimeInterval(settings.leeway.components.seconds)
        guard let expiry = claims.exp?.value else { throw JWTRejection.missingExpiry }
        guard now.timeIntervalSince(expiry) <= leeway else { throw JWTRejection.expired }
        if let notBefore = claims.nbf?.value, notBefore.timeIntervalSince(now) > leeway {
            throw JWTRejection.notYetValid
        }
        if let issuer = settings.issuer, claims.iss?.value != issuer {
            throw JWTRejection.wrongIssuer
        }
        if let audience = settings.audience, claims.aud?.value.contains(audience) != true {
            throw JWTRejection.wrongAudience
        }
        guard let subject = claims.sub?.value, !subject.isEmpty, subject.count <= Self.maximumSubjectLength else {
            throw JWTRejection.badSubject
        }
        return Principal(id: subject, scopes: claims.scopes, roles: claims.jiriRoles ?? [:])
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private static func header(of token: String) throws -> Header {
        guard let encoded = token.split(separator: ".").first, let data = base64URLDecoded(encoded),
              let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw JWTRejection.malformed
        }
        return header
    }

    private static func base64URLDecoded(_ segment: Substring) -> Data? {
        var base64 = segment.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
