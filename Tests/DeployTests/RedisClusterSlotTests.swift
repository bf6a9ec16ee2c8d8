import Foundation
import Hiredis
import JiriTestSupport
import Logging
import Storage
import Testing

/// Redis Cluster readiness: no command Jiri sends spans two hash slots.
@Suite("Redis Cluster slots")
struct RedisClusterSlotTests {
    @Test func crc16IsTheXMODEMVariant() {
        #expect(HashSlot.crc16(Array("123456789".utf8)[...]) == 0x31C3)
    }

    @Test func slotsMatchRedisClusterKeyslot() async throws {
        let keys = [
            "", "{", "}", "{}", "a{}b", "{}{tag}", "{tag}", "x{tag}y", "{tag}}", "{{tag}}", "user1000", "{user1000}.following",
            RedisKeys.session("5f6c2a9e-0d4b-4c4e-9d55-2b7c1e0f3a11"), RedisKeys.lease("5f6c2a9e-0d4b-4c4e-9d55-2b7c1e0f3a11"),
            RedisKeys.idempotency(owner: "alice", key: "turn-1"), "jiri:session:{a_b-C}", "ünïcödé{ключ}",
        ]
        // A cluster-mode server answers CLUSTER KEYSLOT even before it owns any slot.
        try await withPrivateRedis(extraArguments: ["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf"]) { redis in
            let connection = try await RedisConnection.connect(configuration: redis.configuration, logger: Logger(label: "jiri.test.slots"))
            for key in keys {
                let slot = try await connection.send(["CLUSTER", "KEYSLOT", RedisArgument(key)]).int
                #expect(slot.map(Int.init) == HashSlot.of(key), "slot of '\(key)'")
            }
            await connection.close()
        }
    }

    @Test func everyCommandOfRealTurnsKeepsItsKeysInOneSlot() async throws {
        let commands = try await RecordedTurnTraffic.capture()
        let multiKey = commands.filter { !$0.fromScript && ($0.keys?.count ?? 0) > 1 }
        #expect(multiKey.contains { $0.name == "EVALSHA" }, "the traffic holds no multi-key script call:\n\(commands)")
        #expect(multiKey.contains { $0.name == "EVAL" }, "the traffic holds no EVAL fallback:\n\(commands)")
        for command in commands {
            let keys = try #require(command.keys, "unknown key positions for \(command.name); add it to MonitoredCommand.keys")
            #expect(Set(keys.map(HashSlot.of)).count <= 1, "\(command) spans slots \(Set(keys.map(HashSlot.of)).sorted())")
        }
    }

    @Test func scriptsTouchOnlyTheSlotOfTheKeysTheyAreGiven() async throws {
        let commands = try await RecordedTurnTraffic.capture()
        var scriptSlots: Set<Int>?
        var checkedScriptCommands = 0
        for command in commands {
            let slots = Set((command.keys ?? []).map(HashSlot.of))
            if !command.fromScript {
                scriptSlots = ["EVAL", "EVALSHA"].contains(command.name) ? slots : nil
                continue
            }
            let declared = try #require(scriptSlots, "a script command with no script before it: \(command)")
            #expect(slots.isSubset(of: declared), "\(command) leaves its script's slot \(declared.sorted())")
            checkedScriptCommands += 1
        }
        #expect(checkedScriptCommands > 0, "no command run by a script was recorded")
    }

    @Test func everyJiriKeyCarriesAHashTag() async throws {
        let commands = try await RecordedTurnTraffic.capture()
        let keys = Set(commands.flatMap { $0.keys ?? [] }.map { String(decoding: $0, as: UTF8.self) })
        #expect(keys.contains { $0.hasPrefix("jiri:session:") })
        #expect(keys.contains { $0.hasPrefix("jiri:lease:") })
        #expect(keys.contains { $0.hasPrefix("jiri:idem:") })
        for key in keys {
            #expect(HashSlot.hashTag(Array(key.utf8)) != nil, "\(key) has no hash tag")
        }
    }
}
