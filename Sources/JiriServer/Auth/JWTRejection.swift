/// Why a JWT was refused. The message is sent to the client, so it names the
/// reason in general terms and never repeats the token.
enum JWTRejection: Error, Equatable {
    case malformed
    case unsupportedAlgorithm
    case unknownKey
    case badSignature
    case missingExpiry
    case expired
    case notYetValid
    case wrongIssuer
    case wrongAudience
    case badSubject

    var message: String {
        switch self {
        case .malformed: "The token is not a valid JWT."
        case .unsupportedAlgorithm: "The token's signing algorithm is not accepted."
        case .unknownKey: "The token's signing key (kid) is not known."
        case .badSignature: "The token's signature is not valid."
        case .missingExpiry: "The token has no expiry (exp)."
        case .expired: "The token has expired."
        case .notYetValid: "The token is not valid yet (nbf)."
        case .wrongIssuer: "The token's issuer is not accepted."
        case .wrongAudience: "The token is not meant for this service (aud)."
        case .badSubject: "The token's subject (sub) must be 1 to 200 characters."
        }
    }
}
