import Foundation

/// The durable record of every conversation: sessions and their turns, each
/// turn holding its two messages.
public protocol TranscriptStore: Sendable {
    /// The session, or `nil` when none exists under that id.
    func session(id: String) async throws -> SessionRecord?

    /// Commits the turn's session update and turn row (with both messages) atomically.
    /// Returns the turn's sequence number within the session.
    func commit(_ turn: TurnRecord) async throws -> Int

    /// A page of history: the `limit` messages before `before` (a message
    /// sequence number), or the latest ones; `nil` for an unknown session.
    func history(sessionID: String, before: Int?, limit: Int) async throws -> HistoryPage?

    /// The turn answered under this idempotency key, if any.
    func storedTurn(owner: String, idempotencyKey: String) async throws -> StoredTurn?
}

/// Why a commit was refused.
public enum TranscriptStoreError: Error, Sendable, Equatable {
    /// The session belongs to another principal.
    case sessionOwnedByAnother
    /// Another turn already committed under the same idempotency key.
    case duplicateIdempotencyKey
    /// Another turn of the same session committed first (lost the race).
    case concurrentTurn
}
