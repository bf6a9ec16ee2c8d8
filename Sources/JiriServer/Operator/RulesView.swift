import Foundation
import Handoff

/// `GET /admin/rules`: the rules this instance serves, where they came from, and its rules.
struct RulesView: Encodable {
    struct RuleView: Encodable {
        var id: String
        var stage: String
        var mode: String
        var description: String
        var rolloutPercent: Double?
        var rolloutBy: String?
        var handoff: Bool
        var delivery: String?
        var deepLink: String?
        var reason: String?
        var say: String?
        var line: Int

        init(_ rule: Rule) {
            id = rule.id
            stage = rule.stage.rawValue
            mode = rule.mode.rawValue
            description = rule.description
            rolloutPercent = rule.rollout?.percent
            rolloutBy = rule.rollout?.by.rawValue
            handoff = rule.handoff
            delivery = rule.delivery?.rawValue
            deepLink = rule.deepLink
            reason = rule.reason
            say = rule.say
            line = rule.line
        }
    }

    var revision: String
    /// `published` or `file`.
    var origin: String
    var file: String?
    var activatedBy: String?
    var activatedAt: Date?
    var loadedAt: Date
    var checkedAt: Date?
    var lastError: String?
    var lastErrorAt: Date?
    var pollError: String?
    var rules: [RuleView]
    /// The YAML as loaded.
    var source: String

    init(ruleset: Ruleset, status: RulesReloaderStatus) {
        revision = ruleset.revision
        switch status.origin {
        case .published(let active):
            origin = "published"
            activatedBy = active.activatedBy
            activatedAt = active.activatedAt
        case .file(let path):
            origin = "file"
            file = path
        }
        loadedAt = status.loadedAt
        checkedAt = status.checkedAt
        lastError = status.lastError
        lastErrorAt = status.lastErrorAt
        pollError = status.pollError
        rules = ruleset.rules.map(RuleView.init)
        source = ruleset.text
    }
}

/// `POST /admin/rules/evaluate`: the decision with its full trace, and the trace as text.
struct EvaluationView: Encodable {
    var decision: HandoffDecision
    var explanation: String
}
