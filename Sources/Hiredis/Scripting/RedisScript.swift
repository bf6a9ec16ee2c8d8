import Crypto

/// A Lua script, sent by digest (`EVALSHA`) so its source crosses the network only when
/// the server does not have it cached yet.
public struct RedisScript: Sendable, Hashable {
    public let source: String
    /// The lower-case hex SHA-1 of the source, the name Redis caches the script under.
    public let sha1: String

    public init(_ source: String) {
        self.source = source
        self.sha1 = Insecure.SHA1.hash(data: Array(source.utf8))
            .map { byte in
                let hex = String(byte, radix: 16)
                return byte < 0x10 ? "0" + hex : hex
            }
            .joined()
    }
}
