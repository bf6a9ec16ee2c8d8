import Crypto
import Foundation
import JiriAPI
import LibPQ

/// Published revisions of the handoff rules in Postgres, and which one is active.
///
/// Publish and rollback each run in one transaction that stores the revision (when new), points
/// `active_ruleset` at it and writes an audit row; an advisory lock serialises them, so each
/// audit row's `previous` is exactly the revision it replaced. Every instance polls
/// `activeRuleset()` and swaps rulesets when the revision changes.
public struct RulesetStore: Sendable {
    let pool: PostgresPool

    public init(pool: PostgresPool) {
        self.pool = pool
    }

    /// Stores `source` as `revision` unless it is stored already, and activates it.
    /// - Throws: `RulesetStoreError.revisionConflict` when the revision id is taken by other text.
    public func publish(revision: String, source: String, actor: String) async throws -> ActivationOutcome {
        try Self.validate(revision)
        let checksum = Self.checksum(source)
        return try await pool.withTransaction { connection in
            try await Self.lock(connection)
            let stored = try await connection.query("SELECT checksum FROM rulesets WHERE revision = \(revision)").first
            if let stored {
                guard try stored.decode("checksum", as: String.self) == checksum else {
                    throw RulesetStoreError.revisionConflict(revision: revision)
                }
            } else {
                try await connection.query(
                    """
                    INSERT INTO rulesets (revision, source, checksum, created_by)
                    VALUES (\(revision), \(source), \(checksum), \(actor))
                    """
                )
            }
            let previous = try await Self.activeRevision(connection)
            if previous == revision {
                return .alreadyActive(revision: revision)
            }
            let activation = try await Self.activate(
                revision, previous: previous, action: .publish, actor: actor,
                detail: ["checksum": .string(checksum), "new_revision": .bool(stored == nil)], connection
            )
            return .activated(activation, newRevision: stored == nil)
        }
    }

    /// Activates `revision`, or when nil the revision that was active before the current one
    /// (so a second rollback returns to where the first started).
    public func rollback(to revision: String? = nil, actor: String) async throws -> ActivationOutcome {
        try await pool.withTransaction { connection in
            try await Self.lock(connection)
            guard let active = try await Self.activeRevision(connection) else {
                throw RulesetStoreError.nothingPublished
            }
            let target: String
            if let revision {
                target = revision
            } else {
                let rows = try await connection.query(
                    """
                    SELECT detail->>'previous' AS previous FROM audit_log
                    WHERE action = ANY(\(RulesetActivation.Action.allCases.map(\.rawValue))) AND target = \(active)
                    ORDER BY id DESC LIMIT 1
                    """
                )
                guard let previous = try rows.first?.decode("previous", as: String?.self) else {
                    throw RulesetStoreError.noPreviousRevision(active: active)
                }
                target = previous
            }
            guard try await !connection.query("SELECT 1 FROM rulesets WHERE revision = \(target)").isEmpty else {
                throw RulesetStoreError.unknownRevision(target)
            }
            if target == active {
                return .alreadyActive(revision: target)
            }
            let activation = try await Self.activate(
                target, previous: active, action: .rollback, actor: actor,
                detail: ["explicit": .bool(revision != nil)], connection
            )
            return .activated(activation, newRevision: false)
        }
    }

    /// The active revision, or nil when nothing has been published.
    public func activeRuleset() async throws -> ActiveRuleset? {
        let rows = try await pool.query("SELECT revision, activated_by, activated_at FROM active_ruleset")
        return try rows.first.map {
            ActiveRuleset(revision: try $0.decode("revision"), activatedBy: try $0.decode("activated_by"),
                          activatedAt: try $0.decode("activated_at"))
        }
    }

    /// A published revision with its text.
    public func revision(_ revision: String) async throws -> PublishedRuleset? {
        let rows = try await pool.query(
            "SELECT revision, source, checksum, created_by, created_at FROM rulesets WHERE revision = \(revision)"
        )
        return try rows.first.map {
            PublishedRuleset(revision: try $0.decode("revision"), source: try $0.decode("source"),
                             checksum: try $0.decode("checksum"), createdBy: try $0.decode("created_by"),
                             createdAt: try $0.decode("created_at"))
        }
    }

    /// Publishes and rollbacks, newest first.
    public func history(limit: Int = 50) async throws -> [RulesetActivation] {
        let rows = try await pool.query(
            """
            SELECT action, target, detail->>'previous' AS previous, actor, at FROM audit_log
            WHERE action = ANY(\(RulesetActivation.Action.allCases.map(\.rawValue)))
            ORDER BY id DESC LIMIT \(limit)
            """
        )
        return try rows.compactMap { row in
            guard let action = RulesetActivation.Action(rawValue: try row.decode("action")) else { return nil }
            return RulesetActivation(action: action, revision: try row.decode("target"),
                                     previous: try row.decode("previous"), actor: try row.decode("actor"),
                                     at: try row.decode("at"))
        }
    }

    /// SHA-256 of the rules text, hex: equal texts publish as the same revision.
    public static func checksum(_ source: String) -> String {
        SHA256.hash(data: Data(source.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    // MARK: Inside the transaction

    private static func validate(_ revision: String) throws {
        guard (1...128).contains(revision.count),
              revision.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw RulesetStoreError.invalidRevision(revision)
        }
    }

    /// Serialises publishes and rollbacks until the transaction ends.
    private static func lock(_ connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_advisory_xact_lock(hashtext('jiri.rules.activation'))")
    }

    private static func activeRevision(_ connection: PostgresConnection) async throws -> String? {
        try await connection.query("SELECT revision FROM active_ruleset").first?.decode("revision")
    }

    private static func activate(
        _ revision: String, previous: String?, action: RulesetActivation.Action, actor: String,
        detail: [String: JSONValue], _ connection: PostgresConnection
    ) async throws -> RulesetActivation {
        let activated = try await connection.query(
            """
            INSERT INTO active_ruleset (singleton, revision, activated_by) VALUES (true, \(revision), \(actor))
            ON CONFLICT (singleton) DO UPDATE
                SET revision = EXCLUDED.revision, activated_by = EXCLUDED.activated_by, activated_at = now()
            RETURNING activated_at
            """
        )
        var detail = detail
        detail["previous"] = previous.map(JSONValue.string) ?? .null
        let json = String(decoding: try JSONEncoder().encode(detail), as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO audit_log (actor, action, target, detail)
            VALUES (\(actor), \(action.rawValue), \(revision), \(PostgresJSONB(json)))
            """
        )
        return RulesetActivation(action: action, revision: revision, previous: previous, actor: actor,
                                 at: try activated[0].decode("activated_at"))
    }
}
