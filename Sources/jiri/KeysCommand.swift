import ArgumentParser
import Foundation
import LibPQ
import Logging
import Storage

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Manage API keys.",
        subcommands: [Create.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a key; its secret is printed once and never stored.")

        @Option(help: "The principal the key acts as.") var principal: String
        @Option(help: "Comma-separated scopes: turn, history, operator.") var scopes = "turn,history"
        @Option(help: "App roles, e.g. nagz=guardian (repeatable).") var role: [String] = []

        func run() async throws {
            let scopes = self.scopes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let known: Set = ["turn", "history", "operator"]
            guard !scopes.isEmpty, scopes.allSatisfy(known.contains) else {
                throw ValidationError("--scopes takes turn, history and operator")
            }
            var roles: [String: String] = [:]
            for pair in role {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { throw ValidationError("--role takes app=role, e.g. nagz=guardian") }
                roles[parts[0]] = parts[1]
            }
            try await withKeyStore { store in
                let created = try await store.create(principal: principal, scopes: scopes, roles: roles)
                print(created.token)
                FileHandle.standardError.write(Data("key \(created.key.id) for \(principal) [\(scopes.joined(separator: ","))]; store the secret now, it is not shown again\n".utf8))
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a key by its id.")

        @Argument(help: "The key id (the part after jiri_).") var id: String

        func run() async throws {
            try await withKeyStore { store in
                print(try await store.revoke(id: id) ? "revoked \(id)" : "no active key \(id)")
            }
        }
    }
}

private func withKeyStore(_ body: (APIKeyStore) async throws -> Void) async throws {
    guard let url = ProcessInfo.processInfo.environment["DATABASE_URL"], !url.isEmpty else {
        throw ValidationError("configuration: DATABASE_URL is not set")
    }
    let pool = PostgresPool(configuration: try PostgresConfiguration(url: url), maxConnections: 1, logger: Logger(label: "jiri.keys"))
    do {
        try await body(APIKeyStore(pool: pool))
    } catch {
        await pool.close()
        throw error
    }
    await pool.close()
}
