import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import JiriTestSupport

/// A `jiri serve` child process on its own free loopback port, for tests that
/// need separate instances (two servers on one Postgres and Redis) or a real
/// server for the `jiri` executable to talk to. Uses the built executable
/// (`.build/debug/jiri`, or `JIRI_BINARY`); `make test` builds it first.
final class JiriProcess: @unchecked Sendable {
    let port: Int
    let log: URL
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(port: Int, log: URL, process: Process) {
        self.port = port
        self.log = log
        self.process = process
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: log)
    }

    /// The `jiri` executable the tests run.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["JIRI_BINARY"].flatMap { $0.isEmpty ? nil : $0 }
            ?? TestEnvironment.repositoryRoot.appendingPathComponent(".build/debug/jiri").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw JiriProcessError("\(path) is not built: run `swift build --product jiri` (make test does) or set JIRI_BINARY")
        }
        return URL(fileURLWithPath: path)
    }

    /// Runs a one-shot `jiri` command (`migrate`, `rules publish`, ...) to its end
    /// and returns its exit status and everything it printed.
    static func run(_ arguments: [String], environment overrides: [String: String] = [:],
                    timeout: Duration = .seconds(60)) async throws -> (status: Int32, output: String) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-run-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = try launch(arguments, environment: ServerEnvironment.variables(overrides: overrides), log: log)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw JiriProcessError("jiri \(arguments.joined(separator: " ")) did not finish within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Starts `jiri serve` and waits until `/readyz` answers 200.
    static func start(environment overrides: [String: String] = [:]) async throws -> JiriProcess {
        var lastError: (any Error)?
        // The free port is found by binding and releasing it; another process may
        // take it first, so a server that exited is retried on a new port. One that runs
        // but is not ready (Postgres or Redis down) would not be readier elsewhere.
        for _ in 0..<3 {
            let port = try freeLoopbackPort()
            let log = FileManager.default.temporaryDirectory.appendingPathComponent("jiri-serve-\(UUID().uuidString).log")
            let process = try launch(["serve"], environment: ServerEnvironment.variables(port: port, overrides: overrides), log: log)
            let server = JiriProcess(port: port, log: log, process: process)
            do {
                try await server.waitUntilReady()
                return server
            } catch {
                lastError = error
                let exited = !process.isRunning
                await server.stop()
                guard exited else { throw error }
            }
        }
        throw lastError ?? JiriProcessError("jiri serve did not start")
    }

    /// Starts `jiri <arguments>` in the repository root, its output going to `log`.
    private static func launch(_ arguments: [String], environment: [String: String], log: URL) throws -> Process {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = TestEnvironment.repositoryRoot
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? handle.close()
        return process
    }

    /// SIGTERM (graceful shutdown), then SIGKILL if it is still running after 10 s.
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        if await !waitForExit(within: .seconds(10)) {
            kill(process.processIdentifier, SIGKILL)
            _ = await waitForExit(within: .seconds(5))
        }
    }

    /// What the server wrote to stdout and stderr so far.
    var output: String {
        (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    }

    private func waitUntilReady() async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        var request = URLRequest(url: baseURL.appendingPathComponent("readyz"))
        request.timeoutInterval = 2
        while ContinuousClock.now < deadline {
            guard process.isRunning else {
                throw JiriProcessError("jiri serve exited with status \(process.terminationStatus):\n\(output)")
            }
            if let (_, response) = try? await URLSession.shared.data(for: request),
               (response as? HTTPURLResponse)?.statusCode == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw JiriProcessError("jiri serve on port \(port) was not ready within 30 s:\n\(output)")
    }

    private func waitForExit(within timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}

/// Runs `body` with `count` Jiri servers and stops them all afterwards, whether `body` returns or throws.
func withJiriProcesses<Result>(
    count: Int,
    environment: [String: String] = [:],
    _ body: ([JiriProcess]) async throws -> Result
) async throws -> Result {
    var servers: [JiriProcess] = []
    do {
        for _ in 0..<count {
            servers.append(try await JiriProcess.start(environment: environment))
        }
        let result = try await body(servers)
        for server in servers { await server.stop() }
        return result
    } catch {
        for server in servers { await server.stop() }
        throw error
    }
}

struct JiriProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
