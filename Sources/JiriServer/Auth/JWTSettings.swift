/// How JWT bearer tokens are checked. JWT is off unless a key source (an
/// HS256 secret or a JWKS file) is set.
public struct JWTSettings: Sendable {
    /// Shared secret for HS256 tokens; at least 32 bytes (`JIRI_JWT_HS256_SECRET`).
    public var hs256Secret: String?
    /// A JWKS JSON file of RS256/ES256 public keys, chosen by `kid` (`JIRI_JWT_JWKS_FILE`).
    public var jwksFile: String?
    /// The `iss` every token must carry, when set (`JIRI_JWT_ISSUER`).
    public var issuer: String?
    /// The `aud` every token must name, when set (`JIRI_JWT_AUDIENCE`).
    public var audience: String?
    /// Clock skew allowed when checking `exp` and `nbf` (`JIRI_JWT_LEEWAY_SECONDS`).
    public var leeway: Duration = .seconds(60)

    public init() {}

    public var isEnabled: Bool { hs256Secret != nil || jwksFile != nil }

    static let minimumSecretBytes = 32
}
