/// Every Redis key Jiri uses. Keys of one session share the `{session id}`
/// hash tag so that multi-key scripts stay within one Redis Cluster slot.
public enum RedisKeys {
    public static func session(_ id: String) -> String { "jiri:session:{\(id)}" }
    public static func lease(_ id: String) -> String { "jiri:lease:{\(id)}" }
    /// Idempotency records are per principal, not per session: a retried
    /// "new session" request does not know its session id yet.
    public static func idempotency(owner: String, key: String) -> String { "jiri:idem:{\(owner)|\(key)}" }
    public static let rulesetChannel = "jiri:rulesets"
}
