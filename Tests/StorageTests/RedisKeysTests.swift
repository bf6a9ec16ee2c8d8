import Storage
import Testing

@Suite struct RedisKeysTests {
    @Test func keysNameTheSessionInAHashTag() {
        #expect(RedisKeys.session("s-1") == "jiri:session:{s-1}")
        #expect(RedisKeys.lease("s-1") == "jiri:lease:{s-1}")
        #expect(RedisKeys.session("café-ключ") == "jiri:session:{café-ключ}")
    }

    @Test func idempotencyKeysNameThePrincipalAndTheKey() {
        #expect(RedisKeys.idempotency(owner: "alice", key: "k:turn-1") == "jiri:idem:{alice|k:turn-1}")
        #expect(RedisKeys.idempotency(owner: "", key: "") == "jiri:idem:{|}")
    }
}
