import Hiredis
import Synchronization

/// What the Redis server behind a pool understands beyond the commands of every
/// version Jiri supports: whether it takes `GETDEL` and `SET … NX GET` (Redis 7.0
/// and later). Asked once with `INFO server`. Until an answer comes (Redis down at
/// start, say) the commands every version has are used, and it is asked again; a
/// server that answers without a version it can read (`INFO` refused or renamed)
/// keeps those commands and is not asked again.
final class RedisServerCommands: Sendable {
    private let pool: RedisPool?
    private let known: Mutex<Bool?>

    init(pool: RedisPool) {
        self.pool = pool
        self.known = Mutex(nil)
    }

    /// A server known in advance (tests): `combined` says whether it takes the Redis 7 forms.
    init(combined: Bool) {
        self.pool = nil
        self.known = Mutex(combined)
    }

    func takesCombinedCommands() async -> Bool {
        if let known = known.withLock({ $0 }) { return known }
        guard let pool else { return false }
        let info: String?
        do {
            info = try await pool.send(["INFO", "server"]).string
        } catch let error as RedisError where error.kind == .server {
            info = nil
        } catch {
            return false
        }
        let combined = info.flatMap(Self.majorVersion(inInfo:)).map { $0 >= 7 } ?? false
        known.withLock { $0 = combined }
        return combined
    }

    /// The major version in `INFO server`'s `redis_version:7.0.15` line.
    static func majorVersion(inInfo info: String) -> Int? {
        for line in info.split(whereSeparator: \.isNewline) where line.hasPrefix("redis_version:") {
            return line.dropFirst("redis_version:".count).split(separator: ".").first.flatMap { Int($0) }
        }
        return nil
    }
}
