import Foundation
import Testing

/// `jiri migrate` as a process: where it looks for the migration files.
@Suite("jiri migrate")
struct MigrateCommandTests {
    @Test func theDirectoryDefaultsToJIRI_MIGRATIONS_DIRAsServeReadsIt() async throws {
        let missing = "/nonexistent-jiri-migrations-\(UUID().uuidString)"
        let result = try await JiriProcess.run(["migrate"], environment: ["JIRI_MIGRATIONS_DIR": missing])
        #expect(result.status != 0)
        #expect(result.output.contains(missing))
    }

    @Test func theDirectoryOptionWinsOverTheEnvironment() async throws {
        let missing = "/nonexistent-jiri-migrations-\(UUID().uuidString)"
        let result = try await JiriProcess.run(["migrate", "--directory", missing],
                                               environment: ["JIRI_MIGRATIONS_DIR": "/elsewhere-\(UUID().uuidString)"])
        #expect(result.status != 0)
        #expect(result.output.contains(missing))
    }
}
