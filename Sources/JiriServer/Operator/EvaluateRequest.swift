import Catalog
import Handoff
import JiriAPI

/// The body of `POST /admin/rules/evaluate`: a turn described by a few fields (as
/// `jiri rules explain` takes them) and/or facts by name, which win over the fields.
///
///     {"text": "show me my nags", "device": "HomePod", "intent": "nagz.ListNagsIntent",
///      "facts": {"result.item_count": 12}, "session": "abc"}
struct EvaluateRequest: Decodable {
    var text: String?
    /// The client's device name ("iPhone", "HomePod mini"); the surface is inferred as for a turn.
    var device: String?
    /// phone, ipad, mac, watch, carplay or homepod; wins over `device`.
    var surface: String?
    /// An intent id; its app and `openAppWhenRun` come from the catalog.
    var intent: String?
    var status: String?
    var foreground: Bool?
    var sensitive: Bool?
    var locked: Bool?
    /// The user declined the screen earlier in the session.
    var declined: Bool?
    var facts: [String: FactValue]?
    /// The rollout keys (default "evaluate").
    var session: String?
    var principal: String?
    /// Rules YAML to evaluate with instead of the active rules (a dry run of an edit).
    var candidate: String?

    var rollout: RolloutKeys {
        RolloutKeys(session: session ?? "evaluate", principal: principal)
    }

    /// The facts a live turn would give the rules, with `ruleset`'s "don't show me" phrases
    /// applied to the text as the pipeline does.
    func handoffFacts(catalog: Catalog, ruleset: Ruleset) throws -> HandoffFacts {
        let definition = intent.flatMap(catalog.intent(id:))
        var facts = HandoffFacts(
            utteranceText: text ?? "",
            intentID: intent,
            intentApp: definition?.app ?? intent?.split(separator: ".").first.map(String.init),
            intentStatus: status,
            intentForeground: foreground ?? definition?.opensApp ?? false,
            intentSensitive: sensitive ?? false,
            deviceSurface: try resolvedSurface(),
            deviceLocked: locked ?? false
        )
        for (name, value) in (self.facts ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let fact = HandoffFact(name: name) else {
                throw APIError.unprocessable("unknown_fact", "'\(name)' is not a fact; facts are "
                    + HandoffFact.allCases.map(\.name).joined(separator: ", ") + ".")
            }
            guard fact.assign(value, to: &facts) else {
                throw APIError.unprocessable("invalid_fact", "\(fact.name) must be \(fact.kind.article).")
            }
        }
        facts.userDeclinedVisual = facts.userDeclinedVisual || (declined ?? false)
            || ruleset.declinesVisual(facts.utteranceText)
        return facts
    }

    private func resolvedSurface() throws -> String {
        guard let surface else {
            return device.map { TurnMeta(device: $0).resolvedSurface } ?? "phone"
        }
        let known = HandoffFact.deviceSurface.knownValues ?? []
        guard known.contains(surface) else {
            throw APIError.unprocessable("invalid_surface", "surface must be one of \(known.joined(separator: ", ")).")
        }
        return surface
    }
}
