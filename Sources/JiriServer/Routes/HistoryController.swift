import Conversation
import Foundation
import Hummingbird
import JiriAPI
import Storage

/// `GET /session/{id}/history`: one page of the transcript, oldest first.
/// Reading never creates a session; another principal's session is 404.
struct HistoryController {
    let transcripts: any TranscriptStore

    static let defaultLimit = 50
    static let maxLimit = 500

    func addRoutes(to group: RouterGroup<JiriRequestContext>) {
        group.get("session/:id/history", use: history)
        group.rejectingOtherMethods(on: "session/:id/history", allowing: [.get])
    }

    @Sendable func history(_ request: Request, context: JiriRequestContext) async throws -> Response {
        let principal = context.principal ?? .anonymous
        guard let id = context.parameters.get("id"), SessionIdentifier.isValid(id) else {
            throw APIError.badRequest("invalid_session_id", "session_id must be a UUID or 1–64 of A–Z, a–z, 0–9, '-' and '_'.")
        }
        let query = request.uri.queryParameters
        var limit = Self.defaultLimit
        if let raw = query.get("limit") {
            guard let value = Int(raw), (1...Self.maxLimit).contains(value) else {
                throw APIError.badRequest("invalid_limit", "limit must be an integer from 1 to \(Self.maxLimit).")
            }
            limit = value
        }
        var before: Int?
        if let raw = query.get("before") ?? query.get("cursor") {
            guard let value = Int(raw), value > 0, value <= Int(Int32.max) else {
                throw APIError.badRequest("invalid_cursor", "before must be the next_before value of a previous page.")
            }
            before = value
        }
        let page: HistoryPage?
        do {
            page = try await transcripts.history(sessionID: id, before: before, limit: limit)
        } catch {
            context.logger.error("history read failed", metadata: ["error": "\(error)"])
            throw APIError.unavailable("The transcript store is unavailable; try again shortly.", retryAfter: 2)
        }
        guard let page, page.owner == principal.id else {
            throw APIError(.notFound, code: "session_not_found", message: "No session \(id).")
        }
        let body = SessionHistory(
            sessionID: page.sessionID,
            createdAt: Timestamp.iso8601(page.createdAt),
            messages: page.messages.map { .init(role: $0.role, content: $0.content, timestamp: Timestamp.iso8601($0.createdAt)) },
            hasMore: page.hasMore,
            nextBefore: page.hasMore ? page.messages.first.map { String($0.seq) } : nil
        )
        return try Response.json(body)
    }
}

enum Timestamp {
    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
