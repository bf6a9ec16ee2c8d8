import Foundation
import LibPQ

/// A throwaway Postgres owned by one test: initdb into a temporary directory,
/// its own free loopback port, trust authentication for the superuser `jiri`.
/// Use it for what the shared server must never see, such as a restart. Postgres
/// refuses to run as root, so under root the binaries run as the `postgres` user.
/// Prefer ``withPrivatePostgres(_:)``, which always stops it.
public final class PrivatePostgres: Sendable {
    public let port: Int
    private let directory: URL
    private let binaries: URL

    private var dataDirectory: URL { directory.appendingPathComponent("data") }
    private var logFile: URL { directory.appendingPathComponent("server.log") }
    private var commandLog: URL { directory.appendingPathComponent("commands.log") }

    /// The directory of its Unix socket: `postgres://jiri@:<port>/postgres?host=<this>`.
    public var socketDirectory: String { directory.path }

    /// `postgres://jiri@127.0.0.1:<port>/postgres`.
    public var url: String { "postgres://jiri@127.0.0.1:\(port)/postgres" }

    public var configuration: PostgresConfiguration {
        PostgresConfiguration(host: "127.0.0.1", port: port, user: "jiri", database: "postgres", sslMode: "disable")
    }

    private init(port: Int, directory: URL, binaries: URL) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
    }

    deinit {
        // A safety net only: `stop()` is the way to end it. SIGQUIT is Postgres'
        // immediate shutdown; the postmaster's PID is the first line of its PID file.
        let pidFile = dataDirectory.appendingPathComponent("postmaster.pid")
        if let contents = try? String(contentsOf: pidFile, encoding: .utf8),
           let line = contents.split(separator: "\n").first, let pid = pid_t(line) {
            kill(pid, SIGQUIT)
        }
    }

    /// Creates a cluster and starts it on a free port; returns once it accepts connections.
    public static func start() async throws -> PrivatePostgres {
        let binaries = try postgresBinaries()
        var lastError: (any Error)?
        // The free port is found by binding and releasing it, so another process may
        // take it first; a few attempts make that race harmless.
        for _ in 0..<3 {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("jiri-postgres-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let postgres = PrivatePostgres(port: try freeLoopbackPort(), directory: directory, binaries: binaries)
            do {
                try await postgres.create()
                try await postgres.pgCtl(["start", "-l", postgres.logFile.path])
                return postgres
            } catch {
                lastError = error
                await postgres.stop()
            }
        }
        throw lastError ?? PrivatePostgresError(message: "postgres did not start")
    }

    /// `pg_ctl restart -m fast`: every open connection is terminated by the server.
    public func restart() async throws {
        try await pgCtl(["restart", "-m", "fast", "-l", logFile.path])
    }

    /// Stops the server but keeps its data, so `resume()` brings it back as it was.
    public func pause() async throws {
        try await pgCtl(["stop", "-m", "fast"])
    }

    /// Starts a paused server again on the same port.
    public func resume() async throws {
        try await pgCtl(["start", "-l", logFile.path])
    }

    /// Stops the server (immediate mode) and removes its directory.
    public func stop() async {
        if FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent("postmaster.pid").path) {
            try? await pgCtl(["stop", "-m", "immediate"])
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private func create() async throws {
        if getuid() == 0 {
            try giveToPostgresUser(directory)
        }
        try await run(binaries.appendingPathComponent("initdb"), [
            "-D", dataDirectory.path, "-U", "jiri", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8",
            "--no-sync",
        ])
        // Settings live in postgresql.conf so a restart keeps them.
        let settings = """

            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(directory.path)'
            fsync = off
            synchronous_commit = off
            full_page_writes = off
            max_connections = 50

            """
        let configuration = try FileHandle(forWritingTo: dataDirectory.appendingPathComponent("postgresql.conf"))
        defer { try? configuration.close() }
        try configuration.seekToEnd()
        try configuration.write(contentsOf: Data(settings.utf8))
    }

    private func pgCtl(_ arguments: [String]) async throws {
        try await run(binaries.appendingPathComponent("pg_ctl"), ["-D", dataDirectory.path, "-w", "-t", "60"] + arguments)
    }

    /// Runs a Postgres binary (as the postgres user under root) and waits for it
    /// without blocking a Swift concurrency thread; output goes to the command log.
    ///
    /// Not `Foundation.Process`: on Linux it learns that a child exited from a socket
    /// the child inherits, and the postmaster that `pg_ctl start` leaves behind
    /// inherits it too, so the exit would never be noticed. Here the child gets only
    /// stdin, stdout and stderr, and is reaped with `waitpid`.
    private func run(_ executable: URL, _ arguments: [String]) async throws {
        let command = getuid() == 0
            ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable.path] + arguments
            : [executable.path] + arguments

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, commandLog.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Without it the postmaster would also inherit this process's open sockets.
        _ = closeFrom?(&actions, 3)

        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw PrivatePostgresError(message: "cannot start \(command[0]): errno \(spawned)")
        }

        let child = pid
        let status: Int32 = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: status)
            }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        let exitedNormally = status & 0x7F == 0
        let exitCode = (status >> 8) & 0xFF
        guard exitedNormally, exitCode == 0 else {
            let log = (try? String(contentsOf: commandLog, encoding: .utf8)) ?? ""
            throw PrivatePostgresError(
                message: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed (wait status \(status)): "
                    + String(log.suffix(2_000))
            )
        }
    }

    private func giveToPostgresUser(_ directory: URL) throws {
        guard let user = getpwnam("postgres") else {
            throw PrivatePostgresError(message: "running as root, but there is no postgres user to run Postgres as")
        }
        guard chown(directory.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
            throw PrivatePostgresError(message: "chown \(directory.path) failed: errno \(errno)")
        }
    }

    private static func postgresBinaries() throws -> URL {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let newest = versions.compactMap { Int($0) }.sorted().last
        guard let newest else {
            throw PrivatePostgresError(message: "no Postgres server under /usr/lib/postgresql (apt-get install postgresql)")
        }
        return root.appendingPathComponent("\(newest)/bin")
    }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), which Swift does not
/// import because it is a GNU extension; nil where the C library lacks it.
private let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self
    )
}()

/// Runs `body` with a private Postgres and stops it afterwards, whether `body` returns or throws.
public func withPrivatePostgres<Result>(_ body: (PrivatePostgres) async throws -> Result) async throws -> Result {
    let postgres = try await PrivatePostgres.start()
    do {
        let result = try await body(postgres)
        await postgres.stop()
        return result
    } catch {
        await postgres.stop()
        throw error
    }
}

public struct PrivatePostgresError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
