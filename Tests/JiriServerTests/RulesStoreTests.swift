import Foundation
import JiriServer
import LibPQ
import Storage
import Testing

/// `RulesetStore` on a scratch database: publish, rollback, the audit trail.
@Suite(.serialized) struct RulesStoreTests {
    @Test func publishingStoresTheTextAndMakesItTheActiveRevision() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            #expect(try await store.activeRuleset() == nil)
            let ruleset = try RulesFixtures.candidate(revision: "first")
            let outcome = try await store.publish(ruleset, actor: "alice")
            guard case .activated(let activation, newRevision: true) = outcome else {
                Issue.record("expected a new revision, got \(outcome)")
                return
            }
            #expect(activation.revision == "first" && activation.previous == nil && activation.actor == "alice")
            let active = try #require(try await store.activeRuleset())
            #expect(active.revision == "first" && active.activatedBy == "alice")
            let stored = try #require(try await store.revision("first"))
            #expect(stored.source == ruleset.text)
            #expect(stored.checksum == RulesetStore.checksum(ruleset.text))
            #expect(stored.createdBy == "alice")
        }
    }

    @Test func publishingTheActiveRevisionAgainChangesNothing() async throws {
        try await RulesScratchDatabase.with { database in
            let ruleset = try RulesFixtures.candidate(revision: "same")
            _ = try await database.store.publish(ruleset, actor: "alice")
            #expect(try await database.store.publish(ruleset, actor: "bob") == .alreadyActive(revision: "same"))
            #expect(try await database.store.history().count == 1)
            #expect(try await database.store.activeRuleset()?.activatedBy == "alice")
        }
    }

    @Test func aRevisionIdUsedByOtherTextIsRefused() async throws {
        try await RulesScratchDatabase.with { database in
            _ = try await database.store.publish(try RulesFixtures.candidate(revision: "taken"), actor: "alice")
            let other = try RulesFixtures.candidate(revision: "taken", [RulesFixtures.longListsFromTwenty])
            await #expect(throws: RulesetStoreError.revisionConflict(revision: "taken")) {
                try await database.store.publish(other, actor: "bob")
            }
            #expect(try await database.store.revision("taken")?.createdBy == "alice")
        }
    }

    @Test func republishingAnEarlierRevisionReactivatesIt() async throws {
        try await RulesScratchDatabase.with { database in
            let first = try RulesFixtures.candidate(revision: "r1")
            _ = try await database.store.publish(first, actor: "alice")
            _ = try await database.store.publish(try RulesFixtures.candidate(revision: "r2"), actor: "alice")
            let outcome = try await database.store.publish(first, actor: "carol")
            guard case .activated(let activation, newRevision: false) = outcome else {
                Issue.record("expected a re-activation, got \(outcome)")
                return
            }
            #expect(activation.previous == "r2" && activation.action == .publish)
            #expect(try await database.store.activeRuleset()?.revision == "r1")
        }
    }

    @Test func rollbackWithoutARevisionReturnsToThePreviousOneAndASecondRollbackUndoesIt() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            for revision in ["r1", "r2", "r3"] {
                _ = try await store.publish(try RulesFixtures.candidate(revision: revision), actor: "alice")
            }
            #expect(try await store.rollback(actor: "bob").revision == "r2")
            #expect(try await store.activeRuleset()?.revision == "r2")
            #expect(try await store.activeRuleset()?.activatedBy == "bob")
            #expect(try await store.rollback(actor: "bob").revision == "r3")
        }
    }

    @Test func rollbackToANamedRevision() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            for revision in ["r1", "r2", "r3"] {
                _ = try await store.publish(try RulesFixtures.candidate(revision: revision), actor: "alice")
            }
            let outcome = try await store.rollback(to: "r1", actor: "bob")
            guard case .activated(let activation, newRevision: false) = outcome else {
                Issue.record("expected a rollback, got \(outcome)")
                return
            }
            #expect(activation.action == .rollback && activation.previous == "r3" && activation.revision == "r1")
            #expect(try await store.rollback(to: "r1", actor: "bob") == .alreadyActive(revision: "r1"))
        }
    }

    @Test func rollbackRefusesWhatItCannotDo() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            await #expect(throws: RulesetStoreError.nothingPublished) { try await store.rollback(actor: "bob") }
            _ = try await store.publish(try RulesFixtures.candidate(revision: "only"), actor: "alice")
            await #expect(throws: RulesetStoreError.noPreviousRevision(active: "only")) { try await store.rollback(actor: "bob") }
            await #expect(throws: RulesetStoreError.unknownRevision("never")) { try await store.rollback(to: "never", actor: "bob") }
            #expect(try await store.activeRuleset()?.revision == "only")
        }
    }

    @Test func everyActivationWritesAnAuditRowWithActorTargetAndPrevious() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            _ = try await store.publish(try RulesFixtures.candidate(revision: "a1"), actor: "alice")
            _ = try await store.publish(try RulesFixtures.candidate(revision: "a2"), actor: "bob")
            _ = try await store.rollback(actor: "carol")
            let rows = try await database.pool.query(
                "SELECT actor, action, target, detail->>'previous' AS previous, detail->>'new_revision' AS new FROM audit_log ORDER BY id"
            )
            let audit = try rows.map { [try $0.decode("actor"), try $0.decode("action"), try $0.decode("target"),
                                        try $0.decode("previous", as: String?.self) ?? "-", try $0.decode("new", as: String?.self) ?? "-"] }
            #expect(audit == [
                ["alice", "rules.publish", "a1", "-", "true"],
                ["bob", "rules.publish", "a2", "a1", "true"],
                ["carol", "rules.rollback", "a1", "a2", "-"],
            ])
            let history = try await store.history()
            #expect(history.map(\.revision) == ["a1", "a2", "a1"])
            #expect(history.map(\.action) == [.rollback, .publish, .publish])
        }
    }

    @Test func concurrentPublishesEachRecordTheRevisionTheyReplaced() async throws {
        try await RulesScratchDatabase.with { database in
            let store = database.store
            let revisions = (1...6).map { "c\($0)" }
            let rulesets = try revisions.map { try RulesFixtures.candidate(revision: $0) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for ruleset in rulesets {
                    group.addTask { _ = try await store.publish(ruleset, actor: "ci") }
                }
                try await group.waitForAll()
            }
            let chain = try await store.history().reversed()
            #expect(chain.count == revisions.count)
            #expect(chain.first?.previous == nil)
            for (earlier, later) in zip(chain, chain.dropFirst()) {
                #expect(later.previous == earlier.revision)
            }
            #expect(try await store.activeRuleset()?.revision == chain.last?.revision)
        }
    }

    @Test func anInvalidRevisionIdIsRefused() async throws {
        try await RulesScratchDatabase.with { database in
            await #expect(throws: RulesetStoreError.invalidRevision("has space")) {
                try await database.store.publish(revision: "has space", source: "x", actor: "alice")
            }
            let active = try await database.store.activeRuleset()
            #expect(active == nil)
        }
    }
}
