import Foundation
import Hiredis
import JiriTestSupport
import Logging

let testLogger = Logger(label: "jiri.test.hiredis")

/// Key names on the shared Redis server that belong to one test: a UUID prefix, so parallel tests
/// (and other engineers' runs) never collide.
struct TestKeys: Sendable {
    let prefix = "jiri:test:hiredis:\(UUID().uuidString)"

    func callAsFunction(_ name: String) -> RedisArgument {
        RedisArgument("\(self.prefix):\(name)")
    }

    /// Deletes every key under the prefix, over a fresh connection in case the test broke its own.
    func deleteAll() async throws {
        let connection = try await RedisConnection.connect(configuration: sharedRedisConfiguration(), logger: testLogger)
        var cursor = "0"
        repeat {
            let reply = try await connection.send(["SCAN", RedisArgument(cursor), "MATCH", RedisArgument("\(self.prefix):*"), "COUNT", 1000])
            let parts = reply.array ?? []
            cursor = parts.first?.string ?? "0"
            let keys = (parts.last?.array ?? []).compactMap { $0.bytes.map(RedisArgument.init) }
            if !keys.isEmpty {
                try await connection.send(["DEL"] + keys)
            }
        } while cursor != "0"
        await connection.close()
    }
}

func sharedRedisConfiguration() throws -> RedisConfiguration {
    try RedisConfiguration(url: TestEnvironment.redisURL)
}

/// Runs `body` with a connection to the shared server and that test's own keys, deleting the keys
/// and closing the connection afterwards.
func withSharedRedis<Result>(
    commandTimeout: Duration? = nil,
    _ body: (RedisConnection, TestKeys) async throws -> Result
) async throws -> Result {
    var configuration = try sharedRedisConfiguration()
    if let commandTimeout {
        configuration.commandTimeout = commandTimeout
    }
    let connection = try await RedisConnection.connect(configuration: configuration, logger: testLogger)
    let keys = TestKeys()
    let result: Swift.Result<Result, any Error>
    do {
        result = .success(try await body(connection, keys))
    } catch {
        result = .failure(error)
    }
    await connection.close()
    try await keys.deleteAll()
    return try result.get()
}

/// The error `body` throws, as a ``RedisError``; `nil` when it throws something else or nothing.
func redisError(_ body: () async throws -> Void) async -> RedisError? {
    do {
        try await body()
        return nil
    } catch let error as RedisError {
        return error
    } catch {
        return nil
    }
}
