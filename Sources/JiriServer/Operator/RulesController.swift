import Catalog
import Conversation
import Foundation
import Handoff
import Hummingbird
import Storage
import Synchronization

/// The operator API for the handoff rules (operator scope):
/// `GET /admin/rules`, `POST /admin/rules/evaluate`, `POST /admin/rules/replay`.
struct RulesController {
    let rules: RulesProvider
    let reloader: RulesReloader
    let replay: StoredTurnReplay
    let catalog: Catalog
    /// A replay reads every stored turn of its window; one at a time per instance.
    let replayRunning = ReplaySlot()

    static let maxRulesBytes = 1024 * 1024

    func addRoutes(to group: RouterGroup<JiriRequestContext>) {
        group.get("admin/rules", use: activeRules)
        group.post("admin/rules/evaluate", use: evaluate)
        group.post("admin/rules/replay", use: replayCandidate)
    }

    @Sendable func activeRules(_ request: Request, context: JiriRequestContext) async throws -> Response {
        try OperatorJSON.response(RulesView(ruleset: rules.active.ruleset, status: reloader.status))
    }

    /// A dry run: the decision and trace for a described turn, with the active rules or the
    /// `candidate` YAML in the body. Counts nothing and stores nothing.
    @Sendable func evaluate(_ request: Request, context: JiriRequestContext) async throws -> Response {
        let body = try await TurnController.collect(request, limit: Self.maxRulesBytes)
        let evaluation = try OperatorJSON.decode(EvaluateRequest.self, from: body)
        let ruleset: Ruleset
        if let candidate = evaluation.candidate {
            do {
                ruleset = try Ruleset.parse(yaml: candidate, source: "candidate")
            } catch {
                return try OperatorJSON.invalidRuleset(error)
            }
        } else {
            ruleset = rules.active.ruleset
        }
        let facts = try evaluation.handoffFacts(catalog: catalog, ruleset: ruleset)
        let decision = HandoffEngine(ruleset: ruleset).explain(facts, rollout: evaluation.rollout)
        return try OperatorJSON.response(EvaluationView(decision: decision, explanation: decision.explanation))
    }

    /// Re-decides stored turns with the candidate YAML in the body; `?since=7d` (default) or an
    /// ISO date, `all`, and `?limit=` to cap the turns read.
    @Sendable func replayCandidate(_ request: Request, context: JiriRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let since: Date?
        switch query.get("since") ?? "7d" {
        case "all":
            since = nil
        case let window:
            do {
                since = try ReplayWindow.start(window)
            } catch {
                throw APIError.badRequest("invalid_since", "since: \(error)")
            }
        }
        var limit: Int?
        if let raw = query.get("limit") {
            guard let value = Int(raw), value > 0 else {
                throw APIError.badRequest("invalid_limit", "limit must be a positive integer.")
            }
            limit = value
        }
        let body = try await TurnController.collect(request, limit: Self.maxRulesBytes)
        let candidate: Ruleset
        do {
            candidate = try Ruleset.parse(yaml: String(decoding: body.readableBytesView, as: UTF8.self), source: "candidate")
        } catch {
            return try OperatorJSON.invalidRuleset(error)
        }
        guard replayRunning.claim() else {
            throw APIError(.conflict, code: "replay_running", message: "Another replay is running on this instance; try again when it ends.",
                           headers: [.retryAfter: "5"])
        }
        defer { replayRunning.release() }
        do {
            let report = try await replay.run(candidate: candidate, since: since, limit: limit)
            context.logger.info("rules replay", metadata: [
                "candidate": "\(candidate.revision)", "turns": "\(report.turns)", "flips": "\(report.flips)",
                "seconds": "\(report.elapsedSeconds)",
            ])
            return try OperatorJSON.response(report)
        } catch {
            context.logger.error("rules replay failed", metadata: ["error": "\(error)"])
            throw APIError.unavailable("The stored turns cannot be read right now; try again shortly.", retryAfter: 5)
        }
    }
}

/// One replay at a time.
final class ReplaySlot: Sendable {
    private let taken = Mutex(false)

    /// Whether the slot was free (and is now taken).
    func claim() -> Bool {
        taken.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    func release() {
        taken.withLock { $0 = false }
    }
}
