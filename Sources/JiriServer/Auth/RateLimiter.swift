import Synchronization

/// A token bucket per principal, per instance: `perMinute` requests a minute
/// with bursts up to the same number. With N instances behind a load
/// balancer the effective limit is N times higher; that is deliberate (no
/// Redis round trip on the hot path) and documented in the README.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let perMinute: Int
    private let buckets = Mutex<[String: Bucket]>([:])

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// `nil` when allowed, else the seconds to wait.
    func check(_ principal: String, now: ContinuousClock.Instant = .now) -> Int? {
        guard perMinute > 0 else { return nil }
        let capacity = Double(perMinute)
        let refillPerSecond = capacity / 60
        return buckets.withLock { buckets in
            var bucket = buckets[principal] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(capacity, bucket.tokens + seconds * refillPerSecond)
            bucket.updated = now
            if buckets.count > 100_000 { buckets.removeAll() }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                buckets[principal] = bucket
                return nil
            }
            buckets[principal] = bucket
            return max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up)))
        }
    }
}
