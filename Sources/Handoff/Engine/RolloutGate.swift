/// The keys sticky rollouts hash: the session, and the principal (the signed-in user) when known.
public struct RolloutKeys: Sendable, Hashable, Codable {
    public var session: String
    /// When nil, rules rolled out `by: principal` use the session instead.
    public var principal: String?

    public init(session: String, principal: String? = nil) {
        self.session = session
        self.principal = principal
    }

    func key(for dimension: Rollout.Dimension) -> String {
        switch dimension {
        case .session: session
        case .principal: principal ?? session
        }
    }
}

/// Decides whether a rollout key is inside a rule's rollout.
///
/// The bucket is a stable hash of the rule id and the key, so a key keeps its answer across
/// requests, processes and releases; each rule has its own buckets, so two 10 % rules reach
/// different 10 %s; and raising a percentage only adds keys.
struct RolloutGate: Sendable {
    static let buckets: UInt64 = 10_000

    private let seed: UInt64
    private let threshold: UInt64
    private let dimension: Rollout.Dimension

    init(ruleID: String, rollout: Rollout) {
        // The rule id and a separator byte, hashed once at load.
        seed = StableHash.fnv1a([0], continuing: StableHash.fnv1a(ruleID.utf8))
        threshold = UInt64((rollout.percent * Double(Self.buckets) / 100).rounded())
        dimension = rollout.by
    }

    func includes(_ keys: RolloutKeys) -> Bool {
        Self.bucket(seed: seed, key: keys.key(for: dimension)) < threshold
    }

    /// The key's bucket in 0..<10 000.
    static func bucket(seed: UInt64, key: String) -> UInt64 {
        StableHash.finalize(StableHash.fnv1a(key.utf8, continuing: seed)) % buckets
    }
}
