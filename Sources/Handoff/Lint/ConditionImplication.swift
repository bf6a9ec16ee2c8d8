/// Whether every turn that matches one condition also matches another.
///
/// Sound but not complete: `true` is a proof, `false` only means no proof was found. The
/// linter uses it to find rules that an earlier rule always takes first.
enum ConditionImplication {
    static func implies(_ condition: Condition, _ other: Condition) -> Bool {
        if condition == other || other == .always {
            return true
        }
        if case .all(let required) = other {
            return required.allSatisfy { implies(condition, $0) }
        }
        if case .any(let alternatives) = condition {
            return alternatives.allSatisfy { implies($0, other) }
        }
        if case .all(let conjuncts) = condition, conjuncts.contains(where: { implies($0, other) }) {
            return true
        }
        if case .any(let alternatives) = other, alternatives.contains(where: { implies(condition, $0) }) {
            return true
        }
        switch (condition, other) {
        case (.not(let inner), .not(let otherInner)):
            return implies(otherInner, inner)
        case (.test(let test), .test(let otherTest)):
            return implies(test, otherTest)
        default:
            return false
        }
    }

    private static func implies(_ test: FactTest, _ other: FactTest) -> Bool {
        guard test.fact == other.fact else { return false }
        if case .hasPhrase(_, let phrases) = test.comparison, case .hasPhrase(_, let otherPhrases) = other.comparison {
            // Each phrase of `test` contains a phrase of `other`, so `other` finds it too.
            let containers = phrases.map { WordScanner.words(in: $0) }
            let contained = otherPhrases.map { WordScanner.words(in: $0) }
            return containers.allSatisfy { words in contained.contains { occurs($0, in: words) } }
        }
        guard let values = possibleValues(test.comparison) else {
            return boundImplies(test.comparison, other.comparison)
        }
        return values.allSatisfy { accepts(other.comparison, $0) }
    }

    /// The values a fact can have when `comparison` holds, when that set is finite.
    private static func possibleValues(_ comparison: Comparison) -> [FactValue]? {
        switch comparison {
        case .equals(let value): [value]
        case .isIn(let values): values
        default: nil
        }
    }

    /// Whether `comparison` certainly holds for a fact with `value`; false when unsure.
    private static func accepts(_ comparison: Comparison, _ value: FactValue) -> Bool {
        switch (comparison, value) {
        case (.equals(let expected), _): value == expected
        case (.notEquals(let excluded), _): value != excluded
        case (.isIn(let values), _): values.contains(value)
        case (.atLeast(let bound), .integer(let number)): number >= bound
        case (.atMost(let bound), .integer(let number)): number <= bound
        default: false
        }
    }

    private static func boundImplies(_ comparison: Comparison, _ other: Comparison) -> Bool {
        switch (comparison, other) {
        case (.atLeast(let bound), .atLeast(let otherBound)): bound >= otherBound
        case (.atMost(let bound), .atMost(let otherBound)): bound <= otherBound
        default: false
        }
    }

    private static func occurs(_ phrase: [String], in words: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= words.count else { return false }
        return (0...(words.count - phrase.count)).contains { start in
            words[start..<(start + phrase.count)].elementsEqual(phrase)
        }
    }
}
