import Catalog
import Understanding

/// Which open nag the user means: "my homework nag", "Emma's chores",
/// "meds for John", or nothing at all when only one nag is open.
struct NagSelection {
    static let categoryEnum = "NagCategory"

    /// Words that say "a nag" without telling which.
    private static let generic: Set<String> = ["nag", "nags", "reminder", "reminders", "task", "tasks", "for", "one", "to", "do", "of", "about"]

    let nags: [NagzNag]
    let members: [NagzMember]
    let categories: EnumDefinition?

    func select(_ mention: String?) -> MentionResolution<NagzNag> {
        guard let mention else { return MentionResolution(nags) }
        var words = MentionResolver.words(of: mention).filter { !Self.generic.contains($0) }
        var candidates = nags
        var identified = false
        if let categories, let match = Self.category(in: words, among: categories) {
            candidates = candidates.filter { $0.category.lowercased() == match.value.lowercased() }
            words = Self.removing(match.form, from: words)
            identified = true
        }
        let named = members.filter { member in
            MentionResolver.words(of: member.displayName).contains { words.contains($0) }
        }
        if !named.isEmpty {
            let ids = Set(named.map(\.userId))
            candidates = candidates.filter { nag in nag.recipientId.map(ids.contains) ?? false }
            identified = true
        }
        return identified ? MentionResolution(candidates) : .notFound
    }

    /// How a nag is told apart aloud: its category and recipient, never its description.
    func label(_ nag: NagzNag) -> String {
        guard let recipient = recipientName(nag) else { return nag.category }
        return "\(nag.category) for \(recipient)"
    }

    /// "Which nag: homework for Emma or chores for Sam?"
    func question(choosingAmong candidates: [NagzNag], context: MatchContext) -> String {
        var labels = candidates.map(label)
        if Set(labels).count < labels.count {
            labels = zip(labels, candidates).map { "\($0) due \(SlotValue.date($1.dueAt).spoken(in: context))" }
        }
        return "Which nag: \(labels.spokenChoice())?"
    }

    private func recipientName(_ nag: NagzNag) -> String? {
        if let name = nag.recipientName, !name.isEmpty { return name }
        return members.first { $0.userId == nag.recipientId }?.displayName
    }

    /// The enum case whose value, title or a synonym occurs in `words`; the
    /// longest form wins, so "doctor's appointment" is not just "doctor".
    static func category(in words: [String], among categories: EnumDefinition) -> (value: String, form: [String])? {
        var best: (value: String, form: [String])?
        for enumCase in categories.cases {
            for form in enumCase.spokenForms.map(MentionResolver.words(of:)) where MentionResolver.contains(words, form) {
                if form.count > (best?.form.count ?? 0) { best = (enumCase.value, form) }
            }
        }
        return best
    }

    private static func removing(_ form: [String], from words: [String]) -> [String] {
        guard let range = MentionResolver.range(of: form, in: words) else { return words }
        return Array(words[..<range.lowerBound] + words[range.upperBound...])
    }
}
