import Foundation

/// A compiled condition: the turn's facts and its utterance's word ids in, match out.
typealias Predicate = @Sendable (HandoffFacts, ScannedUtterance) -> Bool

/// The same condition kept as a tree, for explain: it evaluates every branch (no
/// short-circuit) and records each test's fact value, with the leaf predicates shared with the
/// fast path, so the trace can never disagree with the decision.
indirect enum ConditionProbe: Sendable {
    case always
    case all([ConditionProbe])
    case any([ConditionProbe])
    case not(ConditionProbe)
    case test(ProbedTest)
}

/// A test with what its trace prints worked out at load.
struct ProbedTest: Sendable {
    let fact: HandoffFact
    let operatorName: String
    let operand: String
    let predicate: Predicate
    let phrases: PhraseSet?

    init(_ test: FactTest, predicate: @escaping Predicate, phrases: PhraseSet?) {
        fact = test.fact
        operatorName = test.comparison.operatorName
        operand = test.comparison.operandDescription
        self.predicate = predicate
        self.phrases = phrases
    }
}

/// Compiles conditions into closures: the operator and operand are resolved once at load, so
/// a decision only reads the fact and compares.
struct ConditionCompiler {
    var vocabulary: PhraseVocabulary
    let regularExpressions: [String: NSRegularExpression]

    mutating func compile(_ condition: Condition) -> (Predicate, ConditionProbe) {
        switch condition {
        case .always:
            return ({ _, _ in true }, .always)
        case .all(let children):
            let compiled = children.map { compile($0) }
            let predicates = compiled.map(\.0)
            return ({ facts, words in predicates.allSatisfy { $0(facts, words) } }, .all(compiled.map(\.1)))
        case .any(let children):
            let compiled = children.map { compile($0) }
            let predicates = compiled.map(\.0)
            return ({ facts, words in predicates.contains { $0(facts, words) } }, .any(compiled.map(\.1)))
        case .not(let child):
            let (predicate, probe) = compile(child)
            return ({ facts, words in !predicate(facts, words) }, .not(probe))
        case .test(let test):
            if case .hasPhrase(_, let phrases) = test.comparison {
                let phraseSet = PhraseSet(phrases, vocabulary: &vocabulary)
                let fact = test.fact
                let predicate: Predicate = { _, words in phraseSet.matches(words[fact]) }
                return (predicate, .test(ProbedTest(test, predicate: predicate, phrases: phraseSet)))
            }
            let predicate = compile(test.comparison, on: test.fact)
            return (predicate, .test(ProbedTest(test, predicate: predicate, phrases: nil)))
        }
    }

    /// Every comparison but `has_phrase`, which needs the vocabulary.
    private func compile(_ comparison: Comparison, on fact: HandoffFact) -> Predicate {
        switch comparison {
        case .equals(let expected):
            return equality(fact, expected)
        case .notEquals(let expected):
            let equals = equality(fact, expected)
            return { facts, words in !equals(facts, words) }
        case .isIn(let values):
            let tests = values.map { equality(fact, $0) }
            return { facts, words in tests.contains { $0(facts, words) } }
        case .atLeast(let bound):
            return { facts, _ in fact.integer(in: facts).map { $0 >= bound } ?? false }
        case .atMost(let bound):
            return { facts, _ in fact.integer(in: facts).map { $0 <= bound } ?? false }
        case .hasPhrase:
            return { _, _ in false }
        case .matches(let pattern):
            // The parser has compiled and validated every pattern; a pattern that
            // still fails to compile can only come from a hand-built ruleset, and never matches.
            guard let expression = regularExpressions[pattern] ?? (try? NSRegularExpression(pattern: pattern)) else {
                return { _, _ in false }
            }
            return { facts, _ in
                guard let text = fact.text(in: facts) else { return false }
                let range = NSRange(text.startIndex..<text.endIndex, in: text)
                return expression.firstMatch(in: text, options: [], range: range) != nil
            }
        }
    }

    /// `fact == expected`, where `.null` means the fact is absent.
    private func equality(_ fact: HandoffFact, _ expected: FactValue) -> Predicate {
        switch expected {
        case .text(let text):
            return { facts, _ in fact.text(in: facts) == text }
        case .integer(let number):
            return { facts, _ in fact.integer(in: facts) == number }
        case .boolean(let flag):
            return { facts, _ in fact.boolean(in: facts) == flag }
        case .null:
            return { facts, _ in fact.value(in: facts) == .null }
        }
    }
}
