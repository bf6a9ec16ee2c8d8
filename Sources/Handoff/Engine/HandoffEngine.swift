/// Decides, for one turn, whether the conversation moves from voice to the phone app.
///
/// Stages run in order, first match per stage: the first matching veto and the first matching
/// trigger are found; no trigger → no handoff; a trigger with `handoff: false` keeps the turn on
/// voice; a handing-off trigger is overridden by a veto (which then decides and says where to
/// continue), else it hands off, and the first matching delivery rule picks how. Shadow rules
/// and rules whose rollout excludes the key never decide. Cheap to copy; all compiling happened
/// when the ruleset loaded.
public struct HandoffEngine: Sendable {
    public let ruleset: Ruleset

    public init(ruleset: Ruleset) {
        self.ruleset = ruleset
    }

    /// The hot path: the decision without a trace. `rolloutKey` is used for rollouts by session
    /// and by principal alike; use `decide(_:rollout:)` to tell them apart.
    public func decide(_ facts: HandoffFacts, rolloutKey: String) -> HandoffDecision {
        decide(facts, rollout: RolloutKeys(session: rolloutKey))
    }

    public func decide(_ facts: HandoffFacts, rollout keys: RolloutKeys) -> HandoffDecision {
        evaluate(facts, keys: keys, words: ruleset.program.words(of: facts))
    }

    /// `decide(_:rolloutKey:)` with `facts.utteranceText` already scanned by this engine's ruleset.
    public func decide(_ facts: HandoffFacts, rolloutKey: String, utterance: UtteranceScan) -> HandoffDecision {
        let words = ruleset.program.words(of: facts, text: utterance.wordIDs)
        return evaluate(facts, keys: RolloutKeys(session: rolloutKey), words: words)
    }

    /// The same decision as `decide`, with the full trace.
    public func explain(_ facts: HandoffFacts, rolloutKey: String) -> HandoffDecision {
        explain(facts, rollout: RolloutKeys(session: rolloutKey))
    }

    public func explain(_ facts: HandoffFacts, rollout keys: RolloutKeys) -> HandoffDecision {
        let words = ruleset.program.words(of: facts)
        var decision = evaluate(facts, keys: keys, words: words)
        decision.trace = trace(of: decision, facts: facts, keys: keys, words: words)
        return decision
    }

    // MARK: Deciding

    private func evaluate(_ facts: HandoffFacts, keys: RolloutKeys, words: ScannedUtterance) -> HandoffDecision {
        let program = ruleset.program
        var shadowMatches: [String] = []
        let veto = Self.firstMatch(in: program.veto, facts, words, keys, &shadowMatches)
        let trigger = Self.firstMatch(in: program.trigger, facts, words, keys, &shadowMatches)
        var decider: CompiledRule?
        var delivery: CompiledRule?
        var handoff = false
        var spokenSuffix: String?
        var deepLinkTemplate: String?
        if let trigger {
            if !trigger.rule.handoff {
                decider = trigger
                spokenSuffix = trigger.rule.say
            } else if let veto {
                decider = veto
                spokenSuffix = veto.rule.say
            } else {
                decider = trigger
                handoff = true
                delivery = Self.firstMatch(in: program.delivery, facts, words, keys, &shadowMatches)
                spokenSuffix = delivery?.rule.say ?? trigger.rule.say
                let deepLink = trigger.deepLink ?? delivery?.deepLink ?? program.defaultDeepLink
                deepLinkTemplate = deepLink?.resolvingFacts(facts)
            }
        }
        // Built once, at the end: the decision is the largest value on this path.
        return HandoffDecision(
            handoff: handoff, rule: decider?.rule.id, stage: decider?.rule.stage.rawValue,
            reason: decider?.rule.reason, rulesetRevision: ruleset.revision, mode: decider?.rule.mode.rawValue,
            delivery: handoff ? (delivery?.rule.delivery ?? .openNow).rawValue : nil,
            spokenSuffix: spokenSuffix, deepLinkTemplate: deepLinkTemplate, shadowMatches: shadowMatches,
            vetoRule: veto?.rule.id, triggerRule: trigger?.rule.id, deliveryRule: delivery?.rule.id
        )
    }

    /// The first enforce rule of a stage that matches and whose rollout includes the key;
    /// shadow rules met before it that match are recorded.
    private static func firstMatch(
        in rules: [CompiledRule], _ facts: HandoffFacts, _ words: ScannedUtterance, _ keys: RolloutKeys,
        _ shadowMatches: inout [String]
    ) -> CompiledRule? {
        for rule in rules where rule.predicate(facts, words) && rule.includes(keys) {
            if rule.isShadow {
                shadowMatches.append(rule.rule.id)
            } else {
                return rule
            }
        }
        return nil
    }

    // MARK: Tracing

    private func trace(of decision: HandoffDecision, facts: HandoffFacts, keys: RolloutKeys,
                       words: ScannedUtterance) -> DecisionTrace {
        let stages = RuleStage.allCases.map { stage in
            let winner = switch stage {
            case .veto: decision.vetoRule
            case .trigger: decision.triggerRule
            case .delivery: decision.deliveryRule
            }
            let consulted = stage != .delivery || decision.handoff
            var open = consulted
            let rules = ruleset.program.rules(in: stage).map { compiled in
                let condition = compiled.probe.trace(facts, words)
                let rule = compiled.rule
                let reached = open
                let won = rule.id == winner
                if won { open = false }
                let inRollout = compiled.includes(keys)
                return RuleTrace(
                    id: rule.id, mode: rule.mode, line: rule.line, matched: condition.result, inRollout: inRollout,
                    reached: reached, won: won,
                    shadowMatch: reached && compiled.isShadow && condition.result && inRollout,
                    condition: condition
                )
            }
            return StageTrace(stage: stage, consulted: consulted, winner: winner, rules: rules)
        }
        return DecisionTrace(facts: facts, rollout: keys, words: WordScanner.words(in: facts.utteranceText),
                             stages: stages)
    }
}

extension ConditionProbe {
    func trace(_ facts: HandoffFacts, _ words: ScannedUtterance) -> ConditionTrace {
        switch self {
        case .always:
            return ConditionTrace(kind: .always, result: true)
        case .all(let children):
            let traces = children.map { $0.trace(facts, words) }
            return ConditionTrace(kind: .all, result: traces.allSatisfy(\.result), children: traces)
        case .any(let children):
            let traces = children.map { $0.trace(facts, words) }
            return ConditionTrace(kind: .any, result: traces.contains { $0.result }, children: traces)
        case .not(let child):
            let trace = child.trace(facts, words)
            return ConditionTrace(kind: .not, result: !trace.result, children: [trace])
        case .test(let test):
            return ConditionTrace(
                kind: .test, result: test.predicate(facts, words), fact: test.fact.name, op: test.operatorName,
                expected: test.operand, actual: test.fact.value(in: facts),
                matchedPhrase: test.phrases?.firstMatch(in: words[test.fact])
            )
        }
    }
}
