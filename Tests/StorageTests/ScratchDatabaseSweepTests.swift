import Foundation
import LibPQ
import Logging
import Testing

@testable import JiriTestSupport

@Suite("Scratch database sweep")
struct ScratchDatabaseSweepTests {
    private static let logger = Logger(label: "jiri.test.scratch-sweep")

    @Test func aNameCarriesThisMachineAndThisProcess() {
        let name = ScratchDatabaseName.make("jiri_rules")
        #expect(name.utf8.count <= 63)
        #expect(ScratchDatabaseName.owner(of: name) == getpid())
    }

    @Test func otherNamesHaveNoOwner() {
        #expect(ScratchDatabaseName.owner(of: "jiri") == nil)
        #expect(ScratchDatabaseName.owner(of: "jiri_bench") == nil)
        let otherMachine = ScratchDatabaseName.host == "00000000" ? "11111111" : "00000000"
        #expect(ScratchDatabaseName.owner(of: "jiri_t_\(otherMachine)_123_0123456789abcdef") == nil)
    }

    @Test func theDatabaseOfAGoneProcessIsDroppedAndARunningOnesKept() async throws {
        let admin = try await PostgresConnection.connect(configuration: try PostgresConfiguration(url: TestEnvironment.databaseURL), logger: Self.logger)
        // Above any pid_max, so no process has it.
        let gone = "jiri_t_\(ScratchDatabaseName.host)_99999999_\(String(repeating: "a", count: 16))"
        let running = ScratchDatabaseName.make("jiri_t")
        do {
            try await admin.query("CREATE DATABASE \(unescaped: gone)")
            try await admin.query("CREATE DATABASE \(unescaped: running)")
            let dropped = try await ScratchDatabaseName.dropAbandoned(on: admin)
            let left = try await admin.query("SELECT datname FROM pg_database WHERE datname IN (\(gone), \(running))")
                .map { try $0.decode("datname", as: String.self) }
            #expect(dropped.contains(gone))
            #expect(left == [running])
        } catch {
            Issue.record(error)
        }
        _ = try? await admin.query("DROP DATABASE IF EXISTS \(unescaped: gone) WITH (FORCE)")
        _ = try? await admin.query("DROP DATABASE IF EXISTS \(unescaped: running) WITH (FORCE)")
        await admin.close()
    }
}
