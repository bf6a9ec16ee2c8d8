import Foundation
import Hiredis
import Logging

/// A throwaway `redis-server` owned by one test: its own free loopback port, no persistence,
/// started as a child process. Use it for what the shared server must never see (restarts,
/// `SCRIPT FLUSH`, a password). Prefer ``withPrivateRedis(password:extraArguments:_:)``, which always stops it.
public final class PrivateRedis: @unchecked Sendable {
    public let port: Int
    public let password: String?
    private let extraArguments: [String]
    private let directory: URL
    private let lock = NSLock()
    private var process: Process?

    /// `redis://[:password@]127.0.0.1:<port>/0`.
    public var url: String {
        let userInfo = self.password.map { ":\($0)@" } ?? ""
        return "redis://\(userInfo)127.0.0.1:\(self.port)/0"
    }

    public var configuration: RedisConfiguration {
        RedisConfiguration(host: "127.0.0.1", port: self.port, password: self.password)
    }

    private init(port: Int, password: String?, extraArguments: [String], directory: URL) {
        self.port = port
        self.password = password
        self.extraArguments = extraArguments
        self.directory = directory
    }

    deinit {
        // The process is normally stopped already (`stop()`); this is a safety net. The directory goes here.
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(at: self.directory)
    }

    /// Starts a server on a free port and waits until it answers PING.
    public static func start(password: String? = nil, extraArguments: [String] = []) async throws -> PrivateRedis {
        var lastError: (any Error)?
        // The free port is found by binding and releasing it, so another process can take it before
        // redis-server binds; a few attempts make that race harmless.
        for _ in 0..<3 {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-redis-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let redis = PrivateRedis(port: try freeLoopbackPort(), password: password, extraArguments: extraArguments, directory: directory)
            do {
                try await redis.launch()
                return redis
            } catch {
                lastError = error
                await redis.terminate()
            }
        }
        throw lastError ?? PrivateRedisError(message: "redis-server did not start")
    }

    /// Stops the server if it runs and starts it again on the same port; its data is gone (nothing is persisted).
    public func restart() async throws {
        await self.terminate()
        try await self.launch()
    }

    /// Stops the server; ``restart()`` starts it again on the same port.
    public func stop() async {
        await self.terminate()
    }

    private func launch() async throws {
        let process = Process()
        process.executableURL = try Self.redisServerExecutable()
        var arguments = [
            "--port", String(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--daemonize", "no",
            "--dir", self.directory.path,
        ]
        if let password = self.password {
            arguments += ["--requirepass", password]
        }
        process.arguments = arguments + self.extraArguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.lock.withLock { self.process = process }
        try await self.waitUntilReady(process)
    }

    private func waitUntilReady(_ process: Process) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        var configuration = self.configuration
        configuration.connectTimeout = .milliseconds(200)
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw PrivateRedisError(message: "redis-server on port \(self.port) exited with status \(process.terminationStatus)")
            }
            if let connection = try? await RedisConnection.connect(configuration: configuration, logger: Self.logger) {
                let reply = try? await connection.send(["PING"])
                await connection.close()
                if reply?.string == "PONG" { return }
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        throw PrivateRedisError(message: "redis-server on port \(self.port) did not answer PING within 10 s")
    }

    /// Asks the server to exit (`SHUTDOWN NOSAVE`, which is immediate, unlike SIGTERM which waits for
    /// the server's cron), then waits for the process; SIGKILL if it is still there after 2 s.
    private func terminate() async {
        guard let process = self.lock.withLock({ self.process.take() }), process.isRunning else { return }
        var configuration = self.configuration
        configuration.connectTimeout = .milliseconds(500)
        configuration.commandTimeout = .milliseconds(500)
        if let connection = try? await RedisConnection.connect(configuration: configuration, logger: Self.logger) {
            // The server closes the connection instead of replying, so this always throws.
            _ = try? await connection.send(["SHUTDOWN", "NOSAVE"])
            await connection.close()
        }
        if await !Self.waitForExit(process, within: .seconds(2)) {
            kill(process.processIdentifier, SIGKILL)
            _ = await Self.waitForExit(process, within: .seconds(10))
        }
    }

    private static func waitForExit(_ process: Process, within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    private static let logger = Logger(label: "jiri.test.private-redis")

    private static func redisServerExecutable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/usr/sbin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("redis-server")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        throw PrivateRedisError(message: "redis-server is not installed (apt-get install redis-server)")
    }
}

/// Runs `body` with a private Redis server and stops the server afterwards, whether `body` returns or throws.
public func withPrivateRedis<Result>(
    password: String? = nil,
    extraArguments: [String] = [],
    _ body: (PrivateRedis) async throws -> Result
) async throws -> Result {
    let redis = try await PrivateRedis.start(password: password, extraArguments: extraArguments)
    do {
        let result = try await body(redis)
        await redis.stop()
        return result
    } catch {
        await redis.stop()
        throw error
    }
}

public struct PrivateRedisError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { self.message }
}

/// A loopback TCP port nobody listens on right now: bind port 0, read what the kernel chose, release it.
public func freeLoopbackPort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw PrivateRedisError(message: "socket() failed: errno \(errno)") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw PrivateRedisError(message: "bind() failed: errno \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else { throw PrivateRedisError(message: "getsockname() failed: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
}
