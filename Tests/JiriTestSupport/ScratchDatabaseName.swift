import Foundation
import LibPQ
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Names for the tests' throwaway databases on the shared Postgres, and the sweep of the
/// ones a killed run left behind.
///
/// A run that crashes or is killed before its clean-up leaves its scratch databases on the
/// server (twelve had gathered on the development machine by session 6). Each name carries
/// this machine (a hash of its host name) and the creating process's id, so the first
/// scratch database of a run drops this machine's ones whose process is gone, and never
/// one that a run still going, here or on another machine, is using.
public enum ScratchDatabaseName {
    /// `<prefix>_<host>_<pid>_<random>`, under Postgres's 63-byte limit for any prefix
    /// of up to 20 characters.
    public static func make(_ prefix: String) -> String {
        let random = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        return "\(prefix)_\(host)_\(getpid())_\(random)"
    }

    /// Once per process: drops this machine's scratch databases whose process no longer
    /// runs. A failure is ignored; the next run sweeps again.
    public static func sweepAbandoned(on admin: PostgresConnection) async {
        guard swept.withLock({ swept in defer { swept = true }; return !swept }) else { return }
        _ = try? await dropAbandoned(on: admin)
    }

    /// The databases dropped.
    static func dropAbandoned(on admin: PostgresConnection) async throws -> [String] {
        let rows = try await admin.query("SELECT datname FROM pg_database WHERE datname ~ \(pattern)")
        var dropped: [String] = []
        for row in rows {
            let name = try row.decode("datname", as: String.self)
            guard let pid = owner(of: name), !isRunning(pid) else { continue }
            try await admin.query("DROP DATABASE IF EXISTS \(unescaped: name) WITH (FORCE)")
            dropped.append(name)
        }
        return dropped
    }

    /// The creating process of one of this machine's scratch databases; nil for any other name.
    static func owner(of name: String) -> pid_t? {
        let parts = name.split(separator: "_")
        guard parts.count >= 4, parts[parts.count - 3] == host else { return nil }
        return pid_t(parts[parts.count - 2])
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Eight hex digits of FNV-1a over the host name.
    static let host: String = {
        var hash: UInt32 = 0x811C_9DC5
        for byte in ProcessInfo.processInfo.hostName.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        return String(format: "%08x", hash)
    }()

    private static let pattern = "^jiri_[a-z]+_[0-9a-f]{8}_[0-9]+_[0-9a-f]{16}$"
    private static let swept = Mutex(false)
}
