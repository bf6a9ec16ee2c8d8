import Crypto
import Foundation
import LibPQ
import Synchronization

/// API keys: `jiri_<id>_<secret>`. Only SHA-256 of the secret is stored; the
/// whole key is shown once, at creation. Verified keys are remembered briefly
/// so a turn does not pay a database read for its key.
public final class APIKeyStore: Sendable {
    public struct Key: Sendable, Hashable {
        public var id: String
        public var principal: String
        public var scopes: [String]
        public var roles: [String: String]
    }

    /// A new key with its secret, which is never retrievable again.
    public struct Created: Sendable {
        public var key: Key
        public var token: String
    }

    private let pool: PostgresPool
    private let cacheTTL: Duration
    private let verified = Mutex<[String: (key: Key, until: ContinuousClock.Instant)]>([:])

    public init(pool: PostgresPool, cacheTTL: Duration = .seconds(30)) {
        self.pool = pool
        self.cacheTTL = cacheTTL
    }

    public func create(principal: String, scopes: [String], roles: [String: String] = [:]) async throws -> Created {
        let id = Self.randomHex(bytes: 6)
        let secret = Self.randomHex(bytes: 24)
        let rolesJSON = String(decoding: try JSONEncoder().encode(roles), as: UTF8.self)
        try await pool.query(
            """
            INSERT INTO api_keys (id, principal, scopes, secret_hash, roles)
            VALUES (\(id), \(principal), \(scopes), \(Self.digest(secret)), \(PostgresJSONB(rolesJSON)))
            """
        )
        let key = Key(id: id, principal: principal, scopes: scopes, roles: roles)
        return Created(key: key, token: "jiri_\(id)_\(secret)")
    }

    /// The key a bearer token names, or `nil` when it is unknown, revoked or wrong.
    public func verify(_ token: String) async throws -> Key? {
        let now = ContinuousClock.now
        if let hit = verified.withLock({ $0[token] }), hit.until > now {
            return hit.key
        }
        let parts = token.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "jiri", parts[1].count == 12, parts[2].count == 48 else { return nil }
        let rows = try await pool.query(
            """
            SELECT principal, scopes, secret_hash, roles::text AS roles FROM api_keys
            WHERE id = \(String(parts[1])) AND revoked_at IS NULL
            """
        )
        guard let row = rows.first else { return nil }
        let stored: [UInt8] = try row.decode("secret_hash")
        guard Self.constantTimeEqual(stored, Self.digest(String(parts[2]))) else { return nil }
        let roles = (try? JSONDecoder().decode([String: String].self, from: Data(try row.decode("roles", as: String.self).utf8))) ?? [:]
        let key = Key(id: String(parts[1]), principal: try row.decode("principal"), scopes: try row.decode("scopes"), roles: roles)
        verified.withLock { cache in
            if cache.count > 10_000 { cache.removeAll() }
            cache[token] = (key, now + cacheTTL)
        }
        return key
    }

    public func revoke(id: String) async throws -> Bool {
        verified.withLock { $0 = $0.filter { $0.value.key.id != id } }
        return try await pool.query("UPDATE api_keys SET revoked_at = now() WHERE id = \(id) AND revoked_at IS NULL").affectedRows > 0
    }

    static func digest(_ secret: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(secret.utf8)))
    }

    static func randomHex(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
