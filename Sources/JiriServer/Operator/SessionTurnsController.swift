import Conversation
import Hummingbird
import Storage

/// `GET /admin/sessions/{id}/turns` (operator scope): every turn of any principal's session with
/// its handoff decision, facts and trace, oldest first; `?after=<seq>&limit=` pages.
struct SessionTurnsController {
    let decisions: SessionTurnDecisions
    let traces: DecisionTraceRebuilder

    static let defaultLimit = 100
    static let maxLimit = 1_000

    func addRoutes(to group: RouterGroup<JiriRequestContext>) {
        group.get("admin/sessions/:id/turns", use: turns)
    }

    @Sendable func turns(_ request: Request, context: JiriRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), SessionIdentifier.isValid(id) else {
            throw APIError.badRequest("invalid_session_id", "session_id must be a UUID or 1–64 of A–Z, a–z, 0–9, '-' and '_'.")
        }
        let query = request.uri.queryParameters
        let limit = try Self.integer(query.get("limit"), name: "limit", in: 1...Self.maxLimit) ?? Self.defaultLimit
        let after = try Self.integer(query.get("after"), name: "after", in: 0...Int(Int32.max)) ?? 0
        let turns: [SessionTurnDecision]?
        do {
            turns = try await decisions.turns(sessionID: id, after: after, limit: limit)
        } catch {
            context.logger.error("session turns read failed", metadata: ["error": "\(error)"])
            throw APIError.unavailable("The transcript store is unavailable; try again shortly.", retryAfter: 2)
        }
        guard let turns else {
            throw APIError(.notFound, code: "session_not_found", message: "No session \(id).")
        }
        let toRebuild = Set(turns.filter { $0.traceJSON == nil }.compactMap(\.revision))
        let engines = await traces.engines(for: toRebuild)
        return try OperatorJSON.response(SessionTurnsView(
            sessionID: id, owner: turns.first?.owner,
            turns: turns.map { SessionTurnsView.TurnView($0, sessionID: id, engines: engines) },
            nextAfter: turns.count == limit ? turns.last?.seq : nil
        ))
    }

    private static func integer(_ raw: String?, name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw APIError.badRequest("invalid_\(name)", "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
