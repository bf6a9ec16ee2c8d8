import Foundation
import Hiredis
import JiriTestSupport
import Logging

/// Records every command a Redis server executes (`redis-cli MONITOR`), the
/// ones Lua scripts run included.
final class RedisMonitor: @unchecked Sendable {
    private let process: Process
    private let output: URL
    private let redis: PrivateRedis

    private init(process: Process, output: URL, redis: PrivateRedis) {
        self.process = process
        self.output = output
        self.redis = redis
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: output)
    }

    /// Starts monitoring and returns once the monitor sees commands.
    static func start(_ redis: PrivateRedis) async throws -> RedisMonitor {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-monitor-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["redis-cli", "-h", "127.0.0.1", "-p", String(redis.port), "MONITOR"]
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        try handle.close()
        let monitor = RedisMonitor(process: process, output: output, redis: redis)
        try await monitor.mark("jiri-monitor-start-\(UUID().uuidString)")
        return monitor
    }

    /// Stops monitoring once everything sent so far has been recorded, and
    /// returns the commands that were executed.
    func stop() async throws -> [MonitoredCommand] {
        let end = "jiri-monitor-end-\(UUID().uuidString)"
        try await mark(end)
        // SIGKILL: the test process blocks SIGTERM, and its children inherit the mask.
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning {
            try await Task.sleep(for: .milliseconds(5))
        }
        var commands: [MonitoredCommand] = []
        for line in try recorded().split(separator: "\n") {
            guard let command = MonitoredCommand(monitorLine: String(line)) else { continue }
            if command.name == "ECHO" { continue }
            commands.append(command)
        }
        return commands
    }

    private func recorded() throws -> String {
        try String(contentsOf: output, encoding: .utf8)
    }

    /// Sends `ECHO marker` until the monitor has written it.
    private func mark(_ marker: String) async throws {
        let connection = try await RedisConnection.connect(configuration: redis.configuration, logger: Logger(label: "jiri.test.monitor"))
        do {
            try await echo(marker, on: connection)
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
    }

    private func echo(_ marker: String, on connection: RedisConnection) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            _ = try await connection.send(["ECHO", RedisArgument(marker)])
            if try recorded().contains(marker) { return }
            guard process.isRunning else { throw RedisMonitorError("redis-cli MONITOR exited: \(try recorded())") }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw RedisMonitorError("redis-cli MONITOR did not record \(marker) within 10 s")
    }
}

struct RedisMonitorError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
