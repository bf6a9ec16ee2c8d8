import Foundation

/// A ruleset compiled for deciding: per stage, an array of rules whose conditions are closures.
struct RulesetProgram: Sendable {
    let vocabulary: PhraseVocabulary
    /// Whether any condition uses `has_phrase`; if none does, utterances are never scanned.
    let scansWords: Bool
    let veto: [CompiledRule]
    let trigger: [CompiledRule]
    let delivery: [CompiledRule]
    let declinedVisual: PhraseSet?
    let defaultDeepLink: DeepLinkTemplate?

    init(rules: [Rule], phraseLists: [Ruleset.PhraseList], deepLinks: [DeepLinkTemplate],
         regularExpressions: [String: NSRegularExpression]) {
        var compiler = ConditionCompiler(vocabulary: PhraseVocabulary(), regularExpressions: regularExpressions)
        func compileStage(_ stage: RuleStage) -> [CompiledRule] {
            rules.filter { $0.stage == stage }.map { rule in
                let (predicate, probe) = compiler.compile(rule.condition)
                let deepLink = rule.deepLink.flatMap { name in deepLinks.first { $0.name == name } }
                return CompiledRule(rule: rule, predicate: predicate, probe: probe, deepLink: deepLink)
            }
        }
        veto = compileStage(.veto)
        trigger = compileStage(.trigger)
        delivery = compileStage(.delivery)
        scansWords = compiler.vocabulary.count > 0
        var vocabulary = compiler.vocabulary
        declinedVisual = phraseLists.first { $0.name == Ruleset.declinedVisualPhraseList }
            .map { PhraseSet($0.phrases, vocabulary: &vocabulary) }
        self.vocabulary = vocabulary
        defaultDeepLink = deepLinks.first { $0.name == DeepLinkTemplate.defaultName }
    }

    func rules(in stage: RuleStage) -> [CompiledRule] {
        switch stage {
        case .veto: veto
        case .trigger: trigger
        case .delivery: delivery
        }
    }

    /// The utterance as vocabulary word ids (empty when no rule looks at phrases); the
    /// request is scanned apart only when the user dictated part of the utterance.
    func words(of facts: HandoffFacts) -> ScannedUtterance {
        guard scansWords else { return .none }
        return words(of: facts, text: vocabulary.wordIDs(in: facts.utteranceText))
    }

    /// `words(of:)` with the utterance's word ids already read.
    func words(of facts: HandoffFacts, text: [Int32]) -> ScannedUtterance {
        guard scansWords else { return .none }
        guard let request = facts.utteranceRequest else { return ScannedUtterance(text: text, request: text) }
        return ScannedUtterance(text: text, request: vocabulary.wordIDs(in: request))
    }
}

/// One rule ready to evaluate. A class so that walking a stage retains one reference per rule
/// rather than copying every field of the rule.
final class CompiledRule: Sendable {
    let rule: Rule
    let predicate: Predicate
    let probe: ConditionProbe
    let deepLink: DeepLinkTemplate?
    let rollout: RolloutGate?
    let isShadow: Bool

    init(rule: Rule, predicate: @escaping Predicate, probe: ConditionProbe, deepLink: DeepLinkTemplate?) {
        self.rule = rule
        self.predicate = predicate
        self.probe = probe
        self.deepLink = deepLink
        rollout = rule.rollout.map { RolloutGate(ruleID: rule.id, rollout: $0) }
        isShadow = rule.mode == .shadow
    }

    func includes(_ keys: RolloutKeys) -> Bool {
        rollout?.includes(keys) ?? true
    }
}
