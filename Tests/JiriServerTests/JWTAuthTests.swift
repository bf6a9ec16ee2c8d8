import _CryptoExtras
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import JiriAPI
import JiriServer
import NIOCore
import Testing

@Suite struct JWTAuthTests {
    static let secret = "jiri-jwt-tests-shared-secret-0123456789"
    static let issuer = "https://issuer.jiri.test"
    static let audience = "jiri-tests"

    /// API keys off anonymous access, HS256 on with an issuer and an audience,
    /// and small pools (every test builds its own app).
    static func configuration(_ adjust: (inout JWTSettings) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = TestHarness.configuration()
        configuration.allowAnonymous = false
        configuration.postgresPoolSize = 2
        configuration.redisPoolSize = 2
        configuration.jwt.hs256Secret = secret
        configuration.jwt.issuer = issuer
        configuration.jwt.audience = audience
        adjust(&configuration.jwt)
        return configuration
    }

    static func claims(_ subject: String, scope: String = "turn history", extra: [String: Any] = [:]) -> [String: Any] {
        TestTokens.claims(subject: subject, scope: scope, extra: ["iss": issuer, "aud": audience].merging(extra) { $1 })
    }

    static func token(_ subject: String, scope: String = "turn history", extra: [String: Any] = [:]) -> String {
        TestTokens.hs256(claims(subject, scope: scope, extra: extra), secret: secret)
    }

    static func subject(_ name: String) -> String { "\(name)-\(UUID().uuidString.prefix(8).lowercased())" }

    static func bearer(_ token: String) -> HTTPFields { [.authorization: "Bearer \(token)"] }

    static func errorMessage(_ response: TestResponse) -> String? {
        (response.json["error"] as? [String: Any])?["message"] as? String
    }

    /// The claims of `token(_:)` less one.
    static func token(without claim: String) -> String {
        var claims = claims(subject("nobody"))
        claims[claim] = nil
        return TestTokens.hs256(claims, secret: secret)
    }

    /// Sends a turn with `token` to an app built with `configuration` and expects
    /// the 401 a refused token gets: the reason given, the token not echoed.
    static func expectRefused(_ token: String, reason: String, configuration: ServerConfiguration = configuration(),
                              sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await TestHarness.withApp(configuration) { http, _ in
            let response = try await http.turn(#"{"user_text": "hello"}"#, headers: bearer(token))
            #expect(response.status == .unauthorized, sourceLocation: sourceLocation)
            #expect(response.errorCode == "unauthorized", sourceLocation: sourceLocation)
            #expect(response.headers[.wwwAuthenticate] == "Bearer", sourceLocation: sourceLocation)
            #expect(errorMessage(response) == reason, sourceLocation: sourceLocation)
            #expect(!String(buffer: response.body).contains(token), sourceLocation: sourceLocation)
        }
    }

    // MARK: Accepted tokens

    @Test func aValidHS256TokenTakesATurnAndReadsItsOwnHistory() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, components in
            let alice = Self.subject("alice")
            let token = Self.token(alice)
            let id = TestHarness.newSessionID()
            #expect(try await http.turn("tell me a joke", session: id, headers: Self.bearer(token)).status == .ok)
            let history = try await http.history(id, headers: Self.bearer(token))
            #expect(history.status == .ok)
            #expect(try history.decoded(SessionHistory.self).messages.count == 2)
            #expect(try await components.transcripts.session(id: id)?.owner == alice)
        }
    }

    @Test func anotherSubjectGets404ForTheHistory() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, _ in
            let id = TestHarness.newSessionID()
            #expect(try await http.turn("tell me a joke", session: id, headers: Self.bearer(Self.token(Self.subject("alice")))).status == .ok)
            let read = try await http.history(id, headers: Self.bearer(Self.token(Self.subject("bob"))))
            #expect(read.status == .notFound)
        }
    }

    @Test func anExpiryWithinTheLeewayIsAccepted() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, _ in
            let expired = Int(Date().timeIntervalSince1970) - 20
            let response = try await http.turn("hello", session: TestHarness.newSessionID(),
                                               headers: Self.bearer(Self.token(Self.subject("dan"), extra: ["exp": expired])))
            #expect(response.status == .ok)
        }
    }

    @Test func theScpArrayGrantsScopesAndUnknownScopesAreIgnored() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, _ in
            var claims = Self.claims(Self.subject("erin"))
            claims["scope"] = nil
            claims["scp"] = ["turn", "admin"]
            let token = TestTokens.hs256(claims, secret: Self.secret)
            let turn = try await http.turn("hello", session: TestHarness.newSessionID(), headers: Self.bearer(token))
            let history = try await http.history(TestHarness.newSessionID(), headers: Self.bearer(token))
            #expect(turn.status == .ok)
            #expect(history.status == .forbidden)
        }
    }

    @Test func anES256TokenIsVerifiedWithTheJWKSKeyItsKidNames() async throws {
        let key = P256.Signing.PrivateKey()
        let other = P256.Signing.PrivateKey()
        let file = try TestTokens.jwksFile([TestTokens.jwk(other.publicKey, kid: "other"), TestTokens.jwk(key.publicKey, kid: "ec-1")])
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await TestHarness.withApp(Self.configuration { $0.hs256Secret = nil; $0.jwksFile = file }) { http, _ in
            let token = try TestTokens.es256(Self.claims(Self.subject("frank")), key: key, kid: "ec-1")
            #expect(try await http.turn("hello", session: TestHarness.newSessionID(), headers: Self.bearer(token)).status == .ok)
        }
    }

    @Test func anRS256TokenIsVerifiedWithTheJWKSKeyItsKidNames() async throws {
        let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        let file = try TestTokens.jwksFile([try TestTokens.jwk(key.publicKey, kid: "rsa-1")])
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await TestHarness.withApp(Self.configuration { $0.hs256Secret = nil; $0.jwksFile = file }) { http, _ in
            let token = try TestTokens.rs256(Self.claims(Self.subject("gina")), key: key, kid: "rsa-1")
            #expect(try await http.turn("hello", session: TestHarness.newSessionID(), headers: Self.bearer(token)).status == .ok)
        }
    }

    @Test func jiriRolesReachThePrincipal() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, components in
            let token = Self.token(Self.subject("emma"), extra: ["jiri_roles": ["nagz": "child"]])
            let response = try await http.turn("How's my family doing in Nagz", session: TestHarness.newSessionID(), headers: Self.bearer(token))
            #expect(response.status == .ok)
            let refusal = try #require(components.catalog.intent(id: "nagz.FamilyStatusIntent")?.dialogs["not_permitted"])
            #expect(response.json["reply_text"] as? String == refusal)
        }
    }

    // MARK: Refused tokens

    @Test func anExpiredTokenIs401() async throws {
        let token = Self.token(Self.subject("hal"), extra: ["exp": Int(Date().timeIntervalSince1970) - 3600])
        try await Self.expectRefused(token, reason: "The token has expired.")
    }

    @Test func aTokenWithoutAnExpiryIs401() async throws {
        try await Self.expectRefused(Self.token(without: "exp"), reason: "The token has no expiry (exp).")
    }

    @Test func aTokenNotValidYetIs401() async throws {
        let token = Self.token(Self.subject("jan"), extra: ["nbf": Int(Date().timeIntervalSince1970) + 3600])
        try await Self.expectRefused(token, reason: "The token is not valid yet (nbf).")
    }

    @Test func aWrongIssuerIs401() async throws {
        let token = Self.token(Self.subject("kim"), extra: ["iss": "https://someone-else.test"])
        try await Self.expectRefused(token, reason: "The token's issuer is not accepted.")
    }

    @Test func aWrongAudienceIs401() async throws {
        let token = Self.token(Self.subject("lee"), extra: ["aud": ["another-service"]])
        try await Self.expectRefused(token, reason: "The token is not meant for this service (aud).")
    }

    @Test func aTokenWithSwappedClaimsFailsItsSignature() async throws {
        let subject = Self.subject("mia")
        let token = TestTokens.withClaims(Self.token(subject, scope: "turn"), Self.claims(subject, scope: "turn history operator"))
        try await Self.expectRefused(token, reason: "The token's signature is not valid.")
    }

    @Test func aTokenSignedWithAnotherSecretIs401() async throws {
        let token = TestTokens.hs256(Self.claims(Self.subject("ned")), secret: String(Self.secret.reversed()))
        try await Self.expectRefused(token, reason: "The token's signature is not valid.")
    }

    @Test func anUnsignedAlgNoneTokenIs401() async throws {
        let token = TestTokens.unsigned(Self.claims(Self.subject("oli")))
        try await Self.expectRefused(token, reason: "The token's signing algorithm is not accepted.")
    }

    @Test func anHS256TokenIsRefusedWhenOnlyJWKSKeysAreConfigured() async throws {
        let file = try TestTokens.jwksFile([TestTokens.jwk(P256.Signing.PrivateKey().publicKey, kid: "ec-1")])
        defer { try? FileManager.default.removeItem(atPath: file) }
        try await Self.expectRefused(Self.token(Self.subject("pam")), reason: "The token's signing algorithm is not accepted.",
                                     configuration: Self.configuration { $0.hs256Secret = nil; $0.jwksFile = file })
    }

    @Test func anES256TokenNamingAnUnknownKidIs401() async throws {
        let key = P256.Signing.PrivateKey()
        let file = try TestTokens.jwksFile([TestTokens.jwk(key.publicKey, kid: "ec-1")])
        defer { try? FileManager.default.removeItem(atPath: file) }
        let token = try TestTokens.es256(Self.claims(Self.subject("quinn")), key: key, kid: "ec-2")
        try await Self.expectRefused(token, reason: "The token's signing key (kid) is not known.",
                                     configuration: Self.configuration { $0.jwksFile = file })
    }

    @Test func aTokenWithoutASubjectIs401() async throws {
        try await Self.expectRefused(Self.token(without: "sub"), reason: "The token's subject (sub) must be 1 to 200 characters.")
    }

    @Test func aSubjectOver200CharactersIs401() async throws {
        try await Self.expectRefused(Self.token(String(repeating: "a", count: 201)), reason: "The token's subject (sub) must be 1 to 200 characters.")
    }

    @Test func aTokenWithoutTheTurnScopeIs403OnATurn() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, _ in
            let response = try await http.turn(#"{"user_text": "hello"}"#, headers: Self.bearer(Self.token(Self.subject("rex"), scope: "history")))
            #expect(response.status == .forbidden)
            #expect(response.errorCode == "forbidden")
        }
    }

    // MARK: Beside API keys

    @Test func anAPIKeyStillWorksWhenJWTIsOn() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, components in
            let key = try await components.keys.create(principal: Self.subject("sara"), scopes: ["turn"])
            #expect(try await http.turn("hello", session: TestHarness.newSessionID(), headers: Self.bearer(key.token)).status == .ok)
        }
    }

    @Test func aJWTSubjectAndAnAPIKeyPrincipalOfTheSameNameShareASession() async throws {
        try await TestHarness.withApp(Self.configuration()) { http, components in
            let alice = Self.subject("alice")
            let key = try await components.keys.create(principal: alice, scopes: ["turn", "history"])
            let id = TestHarness.newSessionID()
            #expect(try await http.turn("tell me a joke", session: id, headers: Self.bearer(Self.token(alice))).status == .ok)
            #expect(try await http.turn("tell me another", session: id, headers: Self.bearer(key.token)).status == .ok)
            let history = try await http.history(id, headers: Self.bearer(key.token)).decoded(SessionHistory.self)
            #expect(history.messages.count == 4)
        }
    }

    // MARK: Configuration

    @Test func aShortSecretStopsStartupNamingTheVariable() async throws {
        let error = await #expect(throws: ConfigurationError.self) {
            try await TestHarness.withApp(Self.configuration { $0.hs256Secret = "too-short" }) { _, _ in }
        }
        #expect(error?.variable == "JIRI_JWT_HS256_SECRET")
    }

    static let unusableJWKS: [String] = [
        "not json",
        #"{"keys": []}"#,
        #"{"keys": [{"kty": "EC", "crv": "P-256", "x": "AAAA", "y": "AAAA"}]}"#,
        #"{"keys": [{"kty": "EC", "crv": "P-256", "kid": "bad-point", "x": "AAAA", "y": "AAAA"}]}"#,
        #"{"keys": [{"kty": "EC", "crv": "P-384", "kid": "p384", "x": "AAAA", "y": "AAAA"}]}"#,
        #"{"keys": [{"kty": "RSA", "kid": "ps", "alg": "PS256", "n": "AQAB", "e": "AQAB"}]}"#,
    ]

    @Test(arguments: unusableJWKS)
    func anUnusableJWKSFileStopsStartupNamingTheVariable(contents: String) async throws {
        let file = try TestTokens.file(Data(contents.utf8))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let error = await #expect(throws: ConfigurationError.self) {
            try await TestHarness.withApp(Self.configuration { $0.jwksFile = file }) { _, _ in }
        }
        #expect(error?.variable == "JIRI_JWT_JWKS_FILE")
    }

    @Test func aMissingJWKSFileStopsStartupNamingTheVariable() async throws {
        let error = await #expect(throws: ConfigurationError.self) {
            try await TestHarness.withApp(Self.configuration { $0.jwksFile = "/nonexistent/jwks-\(UUID().uuidString).json" }) { _, _ in }
        }
        #expect(error?.variable == "JIRI_JWT_JWKS_FILE")
    }

    @Test func theJWTVariablesAreReadFromTheEnvironment() throws {
        let configuration = try ServerConfiguration.fromEnvironment([
            "DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x",
            "JIRI_JWT_HS256_SECRET": Self.secret, "JIRI_JWT_JWKS_FILE": "/etc/jiri/jwks.json",
            "JIRI_JWT_ISSUER": Self.issuer, "JIRI_JWT_AUDIENCE": Self.audience, "JIRI_JWT_LEEWAY_SECONDS": "5",
        ])
        #expect(configuration.jwt.hs256Secret == Self.secret)
        #expect(configuration.jwt.jwksFile == "/etc/jiri/jwks.json")
        #expect(configuration.jwt.issuer == Self.issuer)
        #expect(configuration.jwt.audience == Self.audience)
        #expect(configuration.jwt.leeway == .seconds(5))
        #expect(!(try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x"]).jwt.isEnabled))
    }

    @Test func aBadLeewayIsNamed() {
        let error = #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(["DATABASE_URL": "postgres://x", "REDIS_URL": "redis://x", "JIRI_JWT_LEEWAY_SECONDS": "a minute"])
        }
        #expect(error?.variable == "JIRI_JWT_LEEWAY_SECONDS")
    }
}
